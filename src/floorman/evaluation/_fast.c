/* The compiled evaluators of high and ace-to-five hands: the hot loops of floorman.evaluation in C.
 *
 * It reads its tables from floorman.evaluation._tables on first use (the card
 * keys, and the flush table and the five-card non-flush table, kept flat: bytes
 * of native integers, read from the disk in microseconds and copied here) and
 * derives the six- and seven-card non-flush entries the way
 * _tables.nonflush_table does: the best of the hand's five-card parts when suits
 * do not matter. So it returns the same strengths as the pure Python path, which
 * stays the fallback when this module was not built (or FLOORMAN_PURE=1 turns it
 * off). The ace-to-five low of a hand is read the same way, from the flat
 * five-card low table (_tables.flat_low5), loaded when a low is first read.
 *
 * One hand at a time (high_strength), an entry is derived when a hand first
 * needs it: a process that reads a few showdowns (a replay, a deal) never pays
 * the milliseconds of deriving all 67,600. The functions that read many hands,
 * with the GIL released, derive every entry first (fill_tables), so that no
 * entry is written while another thread reads the tables.
 *
 * Non-flush strengths are kept in open-addressing hash tables keyed by the
 * rank-key sum (a few hundred kilobytes, so they stay in cache) instead of
 * arrays indexed by it (megabytes, mostly empty).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define DECK 52
#define RANKS 13
#define SUIT_SHIFT 32
#define RANK_KEY_MASK 0xFFFFFFFFull
#define FLUSH_PROBE 0x3333ull
#define FLUSH_BITS 0x8888ull
#define MOST_PLAYERS 23 /* hold'em: 2 * 23 + 5 = 51 cards */
#define FIVE_CARD_SETS 6175 /* multisets of five ranks, at most four of a rank */
#define MOST_LOW 16 /* the most ranks a low is read from */

typedef struct {
    uint32_t key; /* rank-key sum; 0 is no hand of 5 to 7 cards, so it marks a free slot */
    uint32_t strength;
} Slot;

typedef struct {
    Slot *slots;
    uint32_t bits;
} Table;

static int keys_ready = 0;
static int ready = 0;
static int complete = 0; /* every six- and seven-card entry is in its table */
static int low_ready = 0;
static uint64_t rank_keys[RANKS];
static uint64_t card_keys[DECK];
static uint16_t flush_strength[1 << RANKS];
static Table nonflush[8]; /* by hand size, 5 to 7 */
static Table low5;        /* ace-to-five strength by five-card rank-key sum */

static inline uint32_t
slot_of(uint32_t key, uint32_t bits)
{
    return (uint32_t)((key * 2654435761u) >> (32 - bits));
}

static int
table_put(Table *t, uint32_t key, uint32_t strength)
{
    uint32_t mask = (1u << t->bits) - 1;
    uint32_t i = slot_of(key, t->bits);
    while (t->slots[i].key != 0 && t->slots[i].key != key) {
        i = (i + 1) & mask;
    }
    t->slots[i].key = key;
    t->slots[i].strength = strength;
    return 0;
}

/* The strength for a rank-key sum, or 0 if no hand of this size has it. */
static inline uint32_t
table_get(const Table *t, uint32_t key)
{
    uint32_t mask = (1u << t->bits) - 1;
    uint32_t i = slot_of(key, t->bits);
    for (;;) {
        const Slot *s = &t->slots[i];
        if (s->key == key) {
            return s->strength;
        }
        if (s->key == 0) {
            return 0;
        }
        i = (i + 1) & mask;
    }
}

static inline int
bit_count(unsigned m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(m);
#else
    int n = 0;
    for (; m != 0; m &= m - 1) {
        n++;
    }
    return n;
#endif
}

static long
read_int(PyObject *module, const char *name)
{
    PyObject *value = PyObject_GetAttrString(module, name);
    if (value == NULL) {
        return -1;
    }
    long out = PyLong_AsLong(value);
    Py_DECREF(value);
    return out;
}

/* The best five-card part of a multiset of 6 or 7 ranks (counts per rank, rank-key
 * sum `key`), by the five-card table: each part is the hand less one or two cards. */
static uint32_t
best_part(const int *counts, uint64_t key, int size)
{
    uint64_t keys[7];
    int n = 0;
    for (int r = 0; r < RANKS; r++) {
        for (int c = 0; c < counts[r]; c++) {
            keys[n++] = rank_keys[r];
        }
    }
    uint32_t best = 0;
    for (int i = 0; i < n; i++) {
        if (size == 6) {
            uint32_t s = table_get(&nonflush[5], (uint32_t)(key - keys[i]));
            best = s > best ? s : best;
            continue;
        }
        for (int j = i + 1; j < n; j++) {
            uint32_t s = table_get(&nonflush[5], (uint32_t)(key - keys[i] - keys[j]));
            best = s > best ? s : best;
        }
    }
    return best;
}

/* Every multiset of `size` ranks with at most four of a rank, entered in its table. */
static int
fill_multisets(int *counts, int rank, int left, uint64_t key, int size)
{
    if (left == 0) {
        uint32_t s = best_part(counts, key, size);
        if (s == 0) {
            PyErr_SetString(PyExc_RuntimeError, "a rank multiset has no five-card part in the table");
            return -1;
        }
        return table_put(&nonflush[size], (uint32_t)key, s);
    }
    if (rank == RANKS) {
        return 0;
    }
    for (int take = 0; take <= 4 && take <= left; take++) {
        counts[rank] = take;
        if (fill_multisets(counts, rank + 1, left - take, key + (uint64_t)take * rank_keys[rank], size) < 0) {
            return -1;
        }
    }
    counts[rank] = 0;
    return 0;
}

/* The key layout, rank keys and card keys of the _tables module, checked
 * against this file's. Runs no Python code. */
static int
load_keys(PyObject *module)
{
    int status = -1;
    PyObject *keys = NULL, *seq = NULL;
    if (keys_ready) {
        return 0;
    }
    if (read_int(module, "SUIT_SHIFT") != SUIT_SHIFT || read_int(module, "FLUSH_PROBE") != (long)FLUSH_PROBE
        || read_int(module, "FLUSH_BITS") != (long)FLUSH_BITS) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_RuntimeError, "the compiled evaluator was built for another key layout");
        }
        goto done;
    }
    keys = PyObject_GetAttrString(module, "RANK_KEYS");
    if (keys == NULL || (seq = PySequence_Fast(keys, "RANK_KEYS is a sequence")) == NULL) {
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(seq) != RANKS) {
        PyErr_SetString(PyExc_RuntimeError, "RANK_KEYS holds 13 keys");
        goto done;
    }
    for (int r = 0; r < RANKS; r++) {
        rank_keys[r] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, r));
        if (PyErr_Occurred()) {
            goto done;
        }
    }
    Py_CLEAR(seq);
    Py_CLEAR(keys);
    keys = PyObject_GetAttrString(module, "CARD_KEYS");
    if (keys == NULL || (seq = PySequence_Fast(keys, "CARD_KEYS is a sequence")) == NULL) {
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(seq) != DECK) {
        PyErr_SetString(PyExc_RuntimeError, "CARD_KEYS holds 52 keys");
        goto done;
    }
    for (int c = 0; c < DECK; c++) {
        card_keys[c] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, c));
        if (card_keys[c] != rank_keys[c >> 2] + (1ull << (SUIT_SHIFT + 4 * (c & 3)))) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_RuntimeError, "CARD_KEYS is not rank key plus suit counter");
            }
            goto done;
        }
    }
    keys_ready = 1;
    status = 0;
done:
    Py_XDECREF(seq);
    Py_XDECREF(keys);
    return status;
}

/* A flat table (a bytes-like object) of exactly `size` bytes, copied to `out`. */
static int
read_flat(PyObject *obj, void *out, Py_ssize_t size, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    if (view.len != size) {
        PyErr_Format(PyExc_RuntimeError, "%s holds %zd bytes, not %zd", what, view.len, size);
        PyBuffer_Release(&view);
        return -1;
    }
    memcpy(out, view.buf, (size_t)size);
    PyBuffer_Release(&view);
    return 0;
}

/* Flat pairs (_tables.flat_pairs: `count` keys of 32 bits, ascending, then their
 * strengths of 16 bits) entered in `t`, made anew with 2**bits slots. */
static int
read_pairs(PyObject *obj, Table *t, uint32_t bits, Py_ssize_t count, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    if (view.len != 6 * count) {
        PyErr_Format(PyExc_RuntimeError, "%s holds %zd bytes, not %zd", what, view.len, 6 * count);
        PyBuffer_Release(&view);
        return -1;
    }
    Table made = {PyMem_Calloc((size_t)1 << bits, sizeof(Slot)), bits};
    if (made.slots == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return -1;
    }
    const char *keys = view.buf;
    const char *strengths = keys + 4 * count;
    uint32_t last = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        uint32_t key;
        uint16_t s;
        memcpy(&key, keys + 4 * i, sizeof key);
        memcpy(&s, strengths + 2 * i, sizeof s);
        /* The keys ascend, so none is repeated; 0 is no hand's key. */
        if (key <= last || s == 0) {
            PyErr_Format(PyExc_RuntimeError, "%s: entry %zd is out of range or repeated", what, i);
            PyMem_Free(made.slots);
            PyBuffer_Release(&view);
            return -1;
        }
        table_put(&made, key, s);
        last = key;
    }
    PyBuffer_Release(&view);
    PyMem_Free(t->slots);
    *t = made;
    return 0;
}

static int
load_tables(void)
{
    static const uint32_t bits[8] = {0, 0, 0, 0, 0, 14, 16, 17};
    int status = -1;
    PyObject *module = NULL, *flush = NULL, *five = NULL;

    module = PyImport_ImportModule("floorman.evaluation._tables");
    if (module == NULL) {
        goto done;
    }
    /* The Python calls first: another thread may run while they do (and load the
     * tables itself). After them nothing runs Python code, so the tables are
     * written by one thread, whole, before `ready` says so. */
    flush = PyObject_CallMethod(module, "flat_flush", NULL);
    if (flush == NULL) {
        goto done;
    }
    five = PyObject_CallMethod(module, "flat_nonflush", "i", 5);
    if (five == NULL) {
        goto done;
    }
    if (ready) {
        status = 0;
        goto done;
    }
    if (load_keys(module) < 0) {
        goto done;
    }
    if (read_flat(flush, flush_strength, sizeof flush_strength, "flat_flush()") < 0) {
        goto done;
    }
    for (unsigned m = 0; m < (1u << RANKS); m++) {
        if ((flush_strength[m] == 0) != (bit_count(m) < 5)) {
            PyErr_SetString(PyExc_RuntimeError, "flat_flush() is not a strength for each flush alone");
            goto done;
        }
    }
    if (read_pairs(five, &nonflush[5], bits[5], FIVE_CARD_SETS, "flat_nonflush(5)") < 0) {
        goto done;
    }
    for (int size = 6; size <= 7; size++) {
        PyMem_Free(nonflush[size].slots);
        nonflush[size].bits = bits[size];
        nonflush[size].slots = PyMem_Calloc((size_t)1 << bits[size], sizeof(Slot));
        if (nonflush[size].slots == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }
    ready = 1;
    status = 0;
done:
    Py_XDECREF(five);
    Py_XDECREF(flush);
    Py_XDECREF(module);
    return status;
}

/* The five-card ace-to-five table, as load_tables loads the high ones. */
static int
load_low(void)
{
    int status = -1;
    PyObject *module = NULL, *low = NULL;

    module = PyImport_ImportModule("floorman.evaluation._tables");
    if (module == NULL) {
        goto done;
    }
    low = PyObject_CallMethod(module, "flat_low5", NULL);
    if (low == NULL) {
        goto done;
    }
    if (low_ready) {
        status = 0;
        goto done;
    }
    if (load_keys(module) < 0 || read_pairs(low, &low5, 14, FIVE_CARD_SETS, "flat_low5()") < 0) {
        goto done;
    }
    low_ready = 1;
    status = 0;
done:
    Py_XDECREF(low);
    Py_XDECREF(module);
    return status;
}

/* Every six- and seven-card entry, derived now (the tables were loaded). */
static int
fill_tables(void)
{
    if (complete) {
        return 0;
    }
    for (int size = 6; size <= 7; size++) {
        int counts[RANKS] = {0};
        if (fill_multisets(counts, 0, size, 0, size) < 0) {
            return -1;
        }
    }
    complete = 1;
    return 0;
}

/* The entry of six or seven cards not yet in its table, derived and entered as
 * fill_tables would enter it; 0 if no hand has their ranks (a rank held five
 * times), which no table holds. */
static uint32_t
derive_entry(const uint8_t *cards, int n, uint64_t key)
{
    int counts[RANKS] = {0};
    for (int i = 0; i < n; i++) {
        if (++counts[cards[i] >> 2] > 4) {
            return 0;
        }
    }
    uint32_t s = best_part(counts, key, n);
    if (s != 0) {
        table_put(&nonflush[n], (uint32_t)key, s);
    }
    return s;
}

/* The strength of 5 to 7 cards given by index (each below 52), or 0 if no hand
 * has their ranks (a card repeated past four of a rank). */
static inline uint32_t
strength_of(const uint8_t *cards, int n)
{
    uint64_t key = 0;
    for (int i = 0; i < n; i++) {
        key += card_keys[cards[i]];
    }
    uint64_t flush = ((key >> SUIT_SHIFT) + FLUSH_PROBE) & FLUSH_BITS;
    if (flush) {
        int suit = flush & 0x8 ? 0 : flush & 0x80 ? 1 : flush & 0x800 ? 2 : 3;
        unsigned mask = 0;
        for (int i = 0; i < n; i++) {
            if ((cards[i] & 3) == suit) {
                mask |= 1u << (cards[i] >> 2);
            }
        }
        return flush_strength[mask];
    }
    uint32_t s = table_get(&nonflush[n], (uint32_t)(key & RANK_KEY_MASK));
    if (s == 0 && n > 5 && !complete) {
        s = derive_entry(cards, n, key & RANK_KEY_MASK);
    }
    return s;
}

/* Each row of `width` cards; the width is a constant in each caller, so the
 * compiler unrolls the card loop. */
static inline void
strengths_of_rows(const uint8_t *h, uint16_t *out, Py_ssize_t rows, int width)
{
    for (Py_ssize_t r = 0; r < rows; r++, h += width) {
        out[r] = (uint16_t)strength_of(h, width);
    }
}

PyDoc_STRVAR(high_strength_doc,
             "high_strength(cards, /)\n--\n\n"
             "The high strength of 5 to 7 distinct natural cards given by index (Card.index),\n"
             "the same integer as the pure Python floorman.evaluation.hands.high_strength.\n"
             "Raises ValueError for a count outside 5 to 7 or an index outside 0 to 51;\n"
             "repeated cards are not checked (evaluate_high does that).");

static PyObject *
high_strength(PyObject *self, PyObject *arg)
{
    uint8_t cards[7];
    if (!ready && load_tables() < 0) {
        return NULL;
    }
    PyObject *seq = PySequence_Fast(arg, "high_strength takes a sequence of card indices");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 5 || n > 7) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "high_strength reads 5 to 7 cards, got %zd", n);
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(items[i]);
        if (c < 0 || c >= DECK) {
            Py_DECREF(seq);
            if (c == -1 && PyErr_Occurred()) {
                return NULL;
            }
            return PyErr_Format(PyExc_ValueError, "card indices run from 0 to 51, got %ld", c);
        }
        cards[i] = (uint8_t)c;
    }
    Py_DECREF(seq);
    uint32_t s = strength_of(cards, (int)n);
    if (s == 0) {
        return PyErr_Format(PyExc_ValueError, "no hand of %zd distinct cards has these ranks", n);
    }
    return PyLong_FromUnsignedLong(s);
}

static int
get_buffer(PyObject *obj, Py_buffer *view, int writable, const char *format, const char *what)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        return -1;
    }
    const char *f = view->format ? view->format : "B";
    if (f[0] == '=' || f[0] == '<' || f[0] == '@') {
        f++;
    }
    if (strcmp(f, format) != 0) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_TypeError, "%s must hold format %s, not %s", what, format, f);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(high_strengths_doc,
             "high_strengths(hands, width, out, /)\n--\n\n"
             "Fill `out` (uint16, one per hand) with the high strengths of `hands`, a C-contiguous\n"
             "uint8 buffer of card indices (0 to 51, else ValueError), `width` (5 to 7) per hand.\n"
             "Returns how many hands had no strength (a rank held five times); their entry is 0.");

static PyObject *
high_strengths(PyObject *self, PyObject *args)
{
    PyObject *hands_obj, *out_obj;
    int width;
    Py_buffer hands, out;
    if (!PyArg_ParseTuple(args, "OiO:high_strengths", &hands_obj, &width, &out_obj)) {
        return NULL;
    }
    if (width < 5 || width > 7) {
        return PyErr_Format(PyExc_ValueError, "hands hold 5 to 7 cards, not %d", width);
    }
    if ((!ready && load_tables() < 0) || fill_tables() < 0) {
        return NULL;
    }
    if (get_buffer(hands_obj, &hands, 0, "B", "hands") < 0) {
        return NULL;
    }
    if (get_buffer(out_obj, &out, 1, "H", "out") < 0) {
        PyBuffer_Release(&hands);
        return NULL;
    }
    Py_ssize_t rows = hands.len / width;
    if (hands.len % width != 0 || out.len / (Py_ssize_t)sizeof(uint16_t) != rows) {
        PyBuffer_Release(&hands);
        PyBuffer_Release(&out);
        return PyErr_Format(PyExc_ValueError, "out must hold one strength per hand of %d cards", width);
    }
    const uint8_t *h = hands.buf;
    uint16_t *o = out.buf;
    Py_ssize_t bad = 0;
    for (Py_ssize_t i = 0; i < hands.len; i++) {
        bad += h[i] >= DECK;
    }
    if (bad) {
        PyBuffer_Release(&hands);
        PyBuffer_Release(&out);
        return PyErr_Format(PyExc_ValueError, "card indices run from 0 to 51; %zd are not", bad);
    }
    Py_BEGIN_ALLOW_THREADS
    switch (width) {
    case 5:
        strengths_of_rows(h, o, rows, 5);
        break;
    case 6:
        strengths_of_rows(h, o, rows, 6);
        break;
    default:
        strengths_of_rows(h, o, rows, 7);
    }
    for (Py_ssize_t r = 0; r < rows; r++) {
        bad += o[r] == 0;
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&hands);
    PyBuffer_Release(&out);
    return PyLong_FromSsize_t(bad);
}

/* Hold'em settling: each completion of the board, every player's best hand,
 * the pot to the best (split evenly on a tie). */
typedef struct {
    int players;
    uint64_t hole_key[MOST_PLAYERS];   /* hole cards + fixed board */
    unsigned suited[MOST_PLAYERS][4];  /* their ranks of each suit */
    long long wins[MOST_PLAYERS];
    long long ties[MOST_PLAYERS];
    /* split[p][k]: deals where p shared the pot with k - 1 others */
    long long split[MOST_PLAYERS][MOST_PLAYERS + 1];
} Settle;

static inline void
settle_board(Settle *st, uint64_t board_key, const unsigned *board_suited)
{
    uint32_t strength[MOST_PLAYERS];
    uint32_t best = 0;
    int winners = 0;
    for (int p = 0; p < st->players; p++) {
        uint64_t key = st->hole_key[p] + board_key;
        uint64_t flush = ((key >> SUIT_SHIFT) + FLUSH_PROBE) & FLUSH_BITS;
        uint32_t s;
        if (flush) {
            int suit = flush & 0x8 ? 0 : flush & 0x80 ? 1 : flush & 0x800 ? 2 : 3;
            s = flush_strength[st->suited[p][suit] | board_suited[suit]];
        } else {
            s = table_get(&nonflush[7], (uint32_t)(key & RANK_KEY_MASK));
        }
        strength[p] = s;
        if (s > best) {
            best = s;
            winners = 1;
        } else if (s == best) {
            winners++;
        }
    }
    for (int p = 0; p < st->players; p++) {
        if (strength[p] == best) {
            if (winners == 1) {
                st->wins[p]++;
            } else {
                st->ties[p]++;
                st->split[p][winners]++;
            }
        }
    }
}

typedef struct {
    const uint8_t *deck;
    int size;
} Deck;

static void
enumerate_boards(Settle *st, const Deck *deck, int start, int left, uint64_t key, unsigned *suited)
{
    if (left == 0) {
        settle_board(st, key, suited);
        return;
    }
    for (int i = start; i <= deck->size - left; i++) {
        int c = deck->deck[i];
        unsigned bit = 1u << (c >> 2);
        suited[c & 3] |= bit;
        enumerate_boards(st, deck, i + 1, left - 1, key + card_keys[c], suited);
        suited[c & 3] &= ~bit;
    }
}

/* Indices below `below` (52 cards or 13 ranks, `noun` naming them) from a sequence
 * of at most `most`: how many, or -1 with an exception set. */
static int
read_indices(PyObject *obj, int *out, int most, int below, const char *noun, const char *what)
{
    PyObject *seq = PySequence_Fast(obj, what);
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > most) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: at most %d %ss, got %zd", what, most, noun, n);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v < 0 || v >= below) {
            Py_DECREF(seq);
            if (!(v == -1 && PyErr_Occurred())) {
                PyErr_Format(PyExc_ValueError, "%s: %s indices run from 0 to %d, got %ld", what,
                             noun, below - 1, v);
            }
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return (int)n;
}

PyDoc_STRVAR(holdem_tally_doc,
             "holdem_tally(holes, board, deck, missing, boards, /)\n--\n\n"
             "Settle hold'em pots over completions of the board: `holes` is a sequence of\n"
             "two-card index sequences, `board` the cards already out. With `boards` None,\n"
             "every `missing`-card combination of `deck` (a bytes-like of card indices) is\n"
             "dealt; otherwise `boards` is a C-contiguous uint8 buffer of completions,\n"
             "`missing` cards per row. Returns (wins, ties, split): per hand, the deals it won\n"
             "alone, the deals it shared, and split[k] the deals shared by k hands.\n"
             "The caller checks that no card is given twice.");

static PyObject *
holdem_tally(PyObject *self, PyObject *args)
{
    PyObject *holes_obj, *board_obj, *deck_obj, *boards_obj;
    int missing;
    if (!PyArg_ParseTuple(args, "OOOiO:holdem_tally", &holes_obj, &board_obj, &deck_obj, &missing, &boards_obj)) {
        return NULL;
    }
    if ((!ready && load_tables() < 0) || fill_tables() < 0) {
        return NULL;
    }
    int board[5];
    int board_n = read_indices(board_obj, board, 5, DECK, "card", "board");
    if (board_n < 0) {
        return NULL;
    }
    if (missing != 5 - board_n) {
        return PyErr_Format(PyExc_ValueError, "a board of %d cards misses %d, not %d", board_n, 5 - board_n, missing);
    }
    PyObject *holes = PySequence_Fast(holes_obj, "holes is a sequence of hands");
    if (holes == NULL) {
        return NULL;
    }
    Settle *st = PyMem_Calloc(1, sizeof(Settle));
    if (st == NULL) {
        Py_DECREF(holes);
        return PyErr_NoMemory();
    }
    PyObject *result = NULL;
    Py_buffer deck_view = {0}, boards_view = {0};
    st->players = (int)PySequence_Fast_GET_SIZE(holes);
    if (st->players < 1 || st->players > MOST_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "hold'em settles 1 to %d hands, got %d", MOST_PLAYERS, st->players);
        goto done;
    }
    uint64_t board_key = 0;
    unsigned board_suited[4] = {0};
    for (int i = 0; i < board_n; i++) {
        board_key += card_keys[board[i]];
        board_suited[board[i] & 3] |= 1u << (board[i] >> 2);
    }
    for (int p = 0; p < st->players; p++) {
        int hole[2];
        int n = read_indices(PySequence_Fast_GET_ITEM(holes, p), hole, 2, DECK, "card", "a hold'em hand");
        if (n < 0) {
            goto done;
        }
        if (n != 2) {
            PyErr_SetString(PyExc_ValueError, "a hold'em hand holds two cards");
            goto done;
        }
        st->hole_key[p] = board_key + card_keys[hole[0]] + card_keys[hole[1]];
        for (int s = 0; s < 4; s++) {
            st->suited[p][s] = board_suited[s];
        }
        for (int i = 0; i < 2; i++) {
            st->suited[p][hole[i] & 3] |= 1u << (hole[i] >> 2);
        }
    }
    if (boards_obj == Py_None) {
        if (get_buffer(deck_obj, &deck_view, 0, "B", "deck") < 0) {
            goto done;
        }
        const uint8_t *d = deck_view.buf;
        for (Py_ssize_t i = 0; i < deck_view.len; i++) {
            if (d[i] >= DECK) {
                PyErr_Format(PyExc_ValueError, "deck: card indices run from 0 to 51, got %d", d[i]);
                goto done;
            }
        }
        Deck deck = {d, (int)deck_view.len};
        unsigned suited[4] = {0};
        Py_BEGIN_ALLOW_THREADS
        enumerate_boards(st, &deck, 0, missing, 0, suited);
        Py_END_ALLOW_THREADS
    } else {
        if (get_buffer(boards_obj, &boards_view, 0, "B", "boards") < 0) {
            goto done;
        }
        const uint8_t *b = boards_view.buf;
        Py_ssize_t len = boards_view.len;
        if (missing == 0 || len % missing != 0) {
            PyErr_SetString(PyExc_ValueError, "boards holds whole completions of `missing` cards");
            goto done;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            if (b[i] >= DECK) {
                PyErr_Format(PyExc_ValueError, "boards: card indices run from 0 to 51, got %d", b[i]);
                goto done;
            }
        }
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t row = 0; row < len; row += missing) {
            uint64_t key = 0;
            unsigned suited[4] = {0};
            for (int i = 0; i < missing; i++) {
                int c = b[row + i];
                key += card_keys[c];
                suited[c & 3] |= 1u << (c >> 2);
            }
            settle_board(st, key, suited);
        }
        Py_END_ALLOW_THREADS
    }
    {
        PyObject *wins = PyTuple_New(st->players);
        PyObject *ties = PyTuple_New(st->players);
        PyObject *split = PyTuple_New(st->players);
        if (wins == NULL || ties == NULL || split == NULL) {
            Py_XDECREF(wins);
            Py_XDECREF(ties);
            Py_XDECREF(split);
            goto done;
        }
        for (int p = 0; p < st->players; p++) {
            PyObject *row = PyTuple_New(st->players + 1);
            if (row != NULL) {
                for (int k = 0; k <= st->players; k++) {
                    PyTuple_SET_ITEM(row, k, PyLong_FromLongLong(st->split[p][k]));
                }
            }
            PyTuple_SET_ITEM(wins, p, PyLong_FromLongLong(st->wins[p]));
            PyTuple_SET_ITEM(ties, p, PyLong_FromLongLong(st->ties[p]));
            PyTuple_SET_ITEM(split, p, row);
        }
        if (PyErr_Occurred()) {
            Py_DECREF(wins);
            Py_DECREF(ties);
            Py_DECREF(split);
            goto done;
        }
        result = Py_BuildValue("(NNN)", wins, ties, split);
    }
done:
    if (deck_view.obj != NULL) {
        PyBuffer_Release(&deck_view);
    }
    if (boards_view.obj != NULL) {
        PyBuffer_Release(&boards_view);
    }
    PyMem_Free(st);
    Py_DECREF(holes);
    return result;
}

/* Rank indices (0 to 12) from a sequence, each counted into `counts`: how many, or
 * -1 with an exception set (a fifth of a rank too). */
static int
read_ranks(PyObject *obj, int *ranks, int most, int *counts, const char *what)
{
    int n = read_indices(obj, ranks, most, RANKS, "rank", what);
    for (int i = 0; i < n; i++) {
        if (++counts[ranks[i]] > 4) {
            PyErr_Format(PyExc_ValueError, "%s: a deck holds four of a rank, not five", what);
            return -1;
        }
    }
    return n;
}

/* The ace-to-five strength of five rank keys' sum (every such sum is in the table). */
static inline uint32_t
low_of(uint64_t key)
{
    return table_get(&low5, (uint32_t)key);
}

PyDoc_STRVAR(low_strength_doc,
             "low_strength(ranks, /)\n--\n\n"
             "The best ace-to-five strength of 5 to 16 cards given by rank index (0 the deuce,\n"
             "12 the ace), the same integer as floorman.evaluation.hands.pure_low_strength.\n"
             "Raises ValueError for fewer than 5 or more than 16 ranks, an index outside\n"
             "0 to 12, or a rank given more than four times.");

static PyObject *
low_strength(PyObject *self, PyObject *arg)
{
    int ranks[MOST_LOW];
    int counts[RANKS] = {0};
    uint64_t k[MOST_LOW];
    if (!low_ready && load_low() < 0) {
        return NULL;
    }
    int n = read_ranks(arg, ranks, MOST_LOW, counts, "low_strength");
    if (n < 0) {
        return NULL;
    }
    if (n < 5) {
        return PyErr_Format(PyExc_ValueError, "low_strength reads 5 to %d ranks, got %d", MOST_LOW, n);
    }
    for (int i = 0; i < n; i++) {
        k[i] = rank_keys[ranks[i]];
    }
    uint32_t best = 0;
    for (int a = 0; a < n - 4; a++) {
        for (int b = a + 1; b < n - 3; b++) {
            uint64_t ab = k[a] + k[b];
            for (int c = b + 1; c < n - 2; c++) {
                uint64_t abc = ab + k[c];
                for (int d = c + 1; d < n - 1; d++) {
                    uint64_t abcd = abc + k[d];
                    for (int e = d + 1; e < n; e++) {
                        uint32_t s = low_of(abcd + k[e]);
                        best = s > best ? s : best;
                    }
                }
            }
        }
    }
    return PyLong_FromUnsignedLong(best);
}

PyDoc_STRVAR(omaha_low_strength_doc,
             "omaha_low_strength(hole, board, /)\n--\n\n"
             "The best ace-to-five strength of two of `hole` with three of `board` (rank indices,\n"
             "0 the deuce, 12 the ace), the same integer as\n"
             "floorman.evaluation.hands.pure_omaha_low_strength. Raises ValueError for fewer\n"
             "than 2 hole or 3 board ranks, more than 16 of either, an index outside 0 to 12,\n"
             "or a rank given more than four times in all.");

static PyObject *
omaha_low_strength(PyObject *self, PyObject *args)
{
    PyObject *hole_obj, *board_obj;
    int hole[MOST_LOW], board[MOST_LOW];
    int counts[RANKS] = {0};
    if (!PyArg_ParseTuple(args, "OO:omaha_low_strength", &hole_obj, &board_obj)) {
        return NULL;
    }
    if (!low_ready && load_low() < 0) {
        return NULL;
    }
    int nh = read_ranks(hole_obj, hole, MOST_LOW, counts, "omaha_low_strength hole");
    if (nh < 0) {
        return NULL;
    }
    int nb = read_ranks(board_obj, board, MOST_LOW, counts, "omaha_low_strength board");
    if (nb < 0) {
        return NULL;
    }
    if (nh < 2 || nb < 3) {
        return PyErr_Format(PyExc_ValueError, "omaha_low_strength reads two of at least 2 hole ranks"
                            " and three of at least 3 board ranks, got %d and %d", nh, nb);
    }
    uint32_t best = 0;
    for (int a = 0; a < nh - 1; a++) {
        for (int b = a + 1; b < nh; b++) {
            uint64_t two = rank_keys[hole[a]] + rank_keys[hole[b]];
            for (int c = 0; c < nb - 2; c++) {
                for (int d = c + 1; d < nb - 1; d++) {
                    uint64_t four = two + rank_keys[board[c]] + rank_keys[board[d]];
                    for (int e = d + 1; e < nb; e++) {
                        uint32_t s = low_of(four + rank_keys[board[e]]);
                        best = s > best ? s : best;
                    }
                }
            }
        }
    }
    return PyLong_FromUnsignedLong(best);
}

static PyMethodDef methods[] = {
    {"high_strength", high_strength, METH_O, high_strength_doc},
    {"high_strengths", high_strengths, METH_VARARGS, high_strengths_doc},
    {"holdem_tally", holdem_tally, METH_VARARGS, holdem_tally_doc},
    {"low_strength", low_strength, METH_O, low_strength_doc},
    {"omaha_low_strength", omaha_low_strength, METH_VARARGS, omaha_low_strength_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "floorman.evaluation._fast",
    "The compiled high-hand and ace-to-five evaluators (same strengths as the pure Python path).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__fast(void)
{
    return PyModule_Create(&module_def);
}
