# mypy: ignore-errors
# ruff: noqa: F821
"""The code of the usual kinds of ``__init__`` of a class made by
:mod:`floorman._frozen`, compiled with the package.

A class made there is given an ``__init__`` made from the code of its kind of
``__init__`` (how many parameters, how each field is set, whether
``__post_init__`` is called), given the class's names (``code.replace``) and
defaults (the function's, which the code does not hold): no source is compiled
for each class. The usual kinds are here, so that a process compiles none of
them: an ``__init__`` setting each field from its parameter, in order, through
the field's slot (``_s0``, ``_s1``... are the slots' setters, in the namespace
each ``__init__`` is given), with up to ten fields, with and without
``__post_init__``; and one setting each field into the instance's dictionary
(``'_k0'``, ``'_k1'``... are renamed as the fields) and calling
``__post_init__`` (a frozen class without slots), with up to sixteen fields. Any
other kind is compiled the first time a process needs it.

Each function here is what ``_frozen._template_source`` writes for its kind, as
``tests/test_frozen.py`` checks. The functions are used for their code only, so
this module is not type-checked, nor compiled by mypyc (it stays out of
``_compiled.MODULES``), and has no ``from __future__`` import, which would mark
the code.
"""


def _slots_0(self):
    pass


def _slots_1(self, p0):
    _s0(self, p0)


def _slots_2(self, p0, p1):
    _s0(self, p0)
    _s1(self, p1)


def _slots_3(self, p0, p1, p2):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)


def _slots_4(self, p0, p1, p2, p3):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)


def _slots_5(self, p0, p1, p2, p3, p4):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)


def _slots_6(self, p0, p1, p2, p3, p4, p5):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)


def _slots_7(self, p0, p1, p2, p3, p4, p5, p6):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    _s6(self, p6)


def _slots_8(self, p0, p1, p2, p3, p4, p5, p6, p7):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    _s6(self, p6)
    _s7(self, p7)


def _slots_9(self, p0, p1, p2, p3, p4, p5, p6, p7, p8):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    _s6(self, p6)
    _s7(self, p7)
    _s8(self, p8)


def _slots_10(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    _s6(self, p6)
    _s7(self, p7)
    _s8(self, p8)
    _s9(self, p9)


#: The templates that set each field through its slot, by number of fields.
SLOTS = (
    _slots_0,
    _slots_1,
    _slots_2,
    _slots_3,
    _slots_4,
    _slots_5,
    _slots_6,
    _slots_7,
    _slots_8,
    _slots_9,
    _slots_10,
)


def _slots_posted_0(self):
    self.__post_init__()


def _slots_posted_1(self, p0):
    _s0(self, p0)
    self.__post_init__()


def _slots_posted_2(self, p0, p1):
    _s0(self, p0)
    _s1(self, p1)
    self.__post_init__()


def _slots_posted_3(self, p0, p1, p2):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    self.__post_init__()


def _slots_posted_4(self, p0, p1, p2, p3):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    self.__post_init__()


def _slots_posted_5(self, p0, p1, p2, p3, p4):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    self.__post_init__()


def _slots_posted_6(self, p0, p1, p2, p3, p4, p5):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    self.__post_init__()


def _slots_posted_7(self, p0, p1, p2, p3, p4, p5, p6):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    _s6(self, p6)
    self.__post_init__()


def _slots_posted_8(self, p0, p1, p2, p3, p4, p5, p6, p7):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    _s6(self, p6)
    _s7(self, p7)
    self.__post_init__()


def _slots_posted_9(self, p0, p1, p2, p3, p4, p5, p6, p7, p8):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    _s6(self, p6)
    _s7(self, p7)
    _s8(self, p8)
    self.__post_init__()


def _slots_posted_10(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9):
    _s0(self, p0)
    _s1(self, p1)
    _s2(self, p2)
    _s3(self, p3)
    _s4(self, p4)
    _s5(self, p5)
    _s6(self, p6)
    _s7(self, p7)
    _s8(self, p8)
    _s9(self, p9)
    self.__post_init__()


#: The templates that set each field through its slot, then call
#: ``__post_init__``, by number of fields.
SLOTS_POSTED = (
    _slots_posted_0,
    _slots_posted_1,
    _slots_posted_2,
    _slots_posted_3,
    _slots_posted_4,
    _slots_posted_5,
    _slots_posted_6,
    _slots_posted_7,
    _slots_posted_8,
    _slots_posted_9,
    _slots_posted_10,
)


def _dict_posted_0(self):
    _fields = self.__dict__
    self.__post_init__()


def _dict_posted_1(self, p0):
    _fields = self.__dict__
    _fields["_k0"] = p0
    self.__post_init__()


def _dict_posted_2(self, p0, p1):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    self.__post_init__()


def _dict_posted_3(self, p0, p1, p2):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    self.__post_init__()


def _dict_posted_4(self, p0, p1, p2, p3):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    self.__post_init__()


def _dict_posted_5(self, p0, p1, p2, p3, p4):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    self.__post_init__()


def _dict_posted_6(self, p0, p1, p2, p3, p4, p5):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    self.__post_init__()


def _dict_posted_7(self, p0, p1, p2, p3, p4, p5, p6):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    self.__post_init__()


def _dict_posted_8(self, p0, p1, p2, p3, p4, p5, p6, p7):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    self.__post_init__()


def _dict_posted_9(self, p0, p1, p2, p3, p4, p5, p6, p7, p8):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    _fields["_k8"] = p8
    self.__post_init__()


def _dict_posted_10(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    _fields["_k8"] = p8
    _fields["_k9"] = p9
    self.__post_init__()


def _dict_posted_11(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    _fields["_k8"] = p8
    _fields["_k9"] = p9
    _fields["_k10"] = p10
    self.__post_init__()


def _dict_posted_12(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    _fields["_k8"] = p8
    _fields["_k9"] = p9
    _fields["_k10"] = p10
    _fields["_k11"] = p11
    self.__post_init__()


def _dict_posted_13(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    _fields["_k8"] = p8
    _fields["_k9"] = p9
    _fields["_k10"] = p10
    _fields["_k11"] = p11
    _fields["_k12"] = p12
    self.__post_init__()


def _dict_posted_14(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    _fields["_k8"] = p8
    _fields["_k9"] = p9
    _fields["_k10"] = p10
    _fields["_k11"] = p11
    _fields["_k12"] = p12
    _fields["_k13"] = p13
    self.__post_init__()


def _dict_posted_15(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    _fields["_k8"] = p8
    _fields["_k9"] = p9
    _fields["_k10"] = p10
    _fields["_k11"] = p11
    _fields["_k12"] = p12
    _fields["_k13"] = p13
    _fields["_k14"] = p14
    self.__post_init__()


def _dict_posted_16(self, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15):
    _fields = self.__dict__
    _fields["_k0"] = p0
    _fields["_k1"] = p1
    _fields["_k2"] = p2
    _fields["_k3"] = p3
    _fields["_k4"] = p4
    _fields["_k5"] = p5
    _fields["_k6"] = p6
    _fields["_k7"] = p7
    _fields["_k8"] = p8
    _fields["_k9"] = p9
    _fields["_k10"] = p10
    _fields["_k11"] = p11
    _fields["_k12"] = p12
    _fields["_k13"] = p13
    _fields["_k14"] = p14
    _fields["_k15"] = p15
    self.__post_init__()


#: The templates that set each field into the instance's dictionary,
#: then call ``__post_init__``, by number of fields.
DICT_POSTED = (
    _dict_posted_0,
    _dict_posted_1,
    _dict_posted_2,
    _dict_posted_3,
    _dict_posted_4,
    _dict_posted_5,
    _dict_posted_6,
    _dict_posted_7,
    _dict_posted_8,
    _dict_posted_9,
    _dict_posted_10,
    _dict_posted_11,
    _dict_posted_12,
    _dict_posted_13,
    _dict_posted_14,
    _dict_posted_15,
    _dict_posted_16,
)
