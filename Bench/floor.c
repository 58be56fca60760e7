/* The floor of `make bench`: what any layout of the corpus must at least do, in C, once per string:
 * HarfBuzz shaping with the font the system-font model shapes with (Inter Regular) and ICU's line-break
 * opportunities (UAX #14 with the language's tailoring). Reads "language<TAB>text" lines (from
 * `layoutsim bench --print-corpus`) on standard input; prints the median over the rounds, µs per string.
 *
 * usage: floor FONT ROUNDS < corpus.tsv
 */
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

enum { MAX_STRINGS = 4096, MAX_TEXT = 4096 };

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: floor FONT ROUNDS < corpus.tsv\n"); return 2; }
    int rounds = atoi(argv[2]);
    if (rounds < 1) { fprintf(stderr, "floor: ROUNDS must be at least 1\n"); return 2; }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
    if (!blob) { fprintf(stderr, "floor: %s: cannot read the font\n", argv[1]); return 2; }
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);

    static char languages[MAX_STRINGS][32];
    static UChar texts[MAX_STRINGS][MAX_TEXT];
    static int32_t lengths[MAX_STRINGS];
    static char line[MAX_TEXT * 4];
    int count = 0;
    while (count < MAX_STRINGS && fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        snprintf(languages[count], sizeof languages[count], "%.31s", line);
        UErrorCode status = U_ZERO_ERROR;
        u_strFromUTF8(texts[count], MAX_TEXT, &lengths[count], tab + 1, -1, &status);
        if (U_FAILURE(status)) { fprintf(stderr, "floor: line %d is not UTF-8\n", count + 1); return 2; }
        count++;
    }
    if (count == 0) { fprintf(stderr, "floor: no strings on standard input\n"); return 2; }

    hb_buffer_t *buffer = hb_buffer_create();
    double *times = malloc(sizeof(double) * (size_t)rounds);
    long sink = 0;
    UBreakIterator *breaks = NULL;
    char breaksLanguage[32] = "";
    for (int r = 0; r < rounds; r++) {
        double start = now();
        for (int i = 0; i < count; i++) {
            hb_buffer_clear_contents(buffer);
            hb_buffer_add_utf16(buffer, (const uint16_t *)texts[i], lengths[i], 0, lengths[i]);
            hb_buffer_set_language(buffer, hb_language_from_string(languages[i], -1));
            hb_buffer_guess_segment_properties(buffer);
            hb_shape(font, buffer, NULL, 0);
            sink += hb_buffer_get_length(buffer);

            /* One line-break iterator per language, given each text in turn. */
            UErrorCode status = U_ZERO_ERROR;
            if (!breaks || strcmp(breaksLanguage, languages[i]) != 0) {
                if (breaks) ubrk_close(breaks);
                breaks = ubrk_open(UBRK_LINE, languages[i], NULL, 0, &status);
                snprintf(breaksLanguage, sizeof breaksLanguage, "%.31s", languages[i]);
            }
            ubrk_setText(breaks, texts[i], lengths[i], &status);
            if (U_FAILURE(status)) { fprintf(stderr, "floor: ICU: %s\n", u_errorName(status)); return 1; }
            for (int32_t b = ubrk_first(breaks); b != UBRK_DONE; b = ubrk_next(breaks)) sink += b;
        }
        times[r] = now() - start;
    }
    qsort(times, (size_t)rounds, sizeof(double), compare);
    double median = rounds % 2 ? times[rounds / 2] : (times[rounds / 2 - 1] + times[rounds / 2]) / 2;
    printf("floor (C: HarfBuzz + ICU line breaks, once): %.1f µs/string%s\n", median / count * 1e6, sink ? "" : " ");
    free(times);
    if (breaks) ubrk_close(breaks);
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return 0;
}
