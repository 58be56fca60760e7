/* The Pango anchor of `make bench`: native Pango laying out the same corpus as layoutsim, the way a toolkit
 * would: one PangoLayout per size (the body style at each of the 12 content size categories, sizes given on the
 * command line), width 200 pt, wrapping at words, each string set on every layout and its lines counted. Only the
 * bundled fonts (FONT_DIR) are visible to fontconfig, so Pango picks Inter and the Noto fallbacks layoutsim uses;
 * 72 dpi, so a point is a pixel. Reads "language<TAB>text" lines on standard input (a Bench/corpus-*.tsv file);
 * prints the median over the rounds, µs per string (all sizes).
 *
 * usage: pango FONT_DIR FAMILY ROUNDS SIZE... < corpus.tsv
 */
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_STRINGS = 4096, MAX_LINE = 16384, MAX_SIZES = 32 };

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
    if (argc < 5) { fprintf(stderr, "usage: pango FONT_DIR FAMILY ROUNDS SIZE... < corpus.tsv\n"); return 2; }
    int rounds = atoi(argv[3]);
    if (rounds < 1) { fprintf(stderr, "pango: ROUNDS must be at least 1\n"); return 2; }
    int sizes = argc - 4;
    if (sizes > MAX_SIZES) { fprintf(stderr, "pango: at most %d sizes\n", MAX_SIZES); return 2; }

    /* Only the bundled fonts, fontconfig's cache where the user's is. */
    FcConfig *config = FcConfigCreate();
    const char *cache = "<fontconfig><cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>";
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)cache, FcTrue) ||
        !FcConfigAppFontAddDir(config, (const FcChar8 *)argv[1])) {
        fprintf(stderr, "pango: %s: cannot read the fonts\n", argv[1]);
        return 2;
    }
    PangoFontMap *map = pango_ft2_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
    PangoContext *context = pango_font_map_create_context(map);

    static char *languages[MAX_STRINGS], *texts[MAX_STRINGS];
    static char line[MAX_LINE];
    int count = 0;
    while (count < MAX_STRINGS && fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        languages[count] = strdup(line);
        texts[count] = strdup(tab + 1);
        count++;
    }
    if (count == 0) { fprintf(stderr, "pango: no strings on standard input\n"); return 2; }
    pango_context_set_language(context, pango_language_from_string(languages[0]));

    PangoLayout *layouts[MAX_SIZES];
    for (int s = 0; s < sizes; s++) {
        double points = atof(argv[4 + s]);
        if (points <= 0) { fprintf(stderr, "pango: size %s is not a positive number\n", argv[4 + s]); return 2; }
        PangoFontDescription *font = pango_font_description_new();
        pango_font_description_set_family(font, argv[2]);
        pango_font_description_set_size(font, (gint)(points * PANGO_SCALE));
        layouts[s] = pango_layout_new(context);
        pango_layout_set_font_description(layouts[s], font);
        pango_layout_set_width(layouts[s], 200 * PANGO_SCALE);
        pango_layout_set_wrap(layouts[s], PANGO_WRAP_WORD);
        pango_font_description_free(font);
    }

    double *times = malloc(sizeof(double) * (size_t)rounds);
    long sink = 0, unknown = 0;
    for (int r = 0; r < rounds; r++) {
        double start = now();
        for (int i = 0; i < count; i++) {
            for (int s = 0; s < sizes; s++) {
                pango_layout_set_text(layouts[s], texts[i], -1);
                sink += pango_layout_get_line_count(layouts[s]);
                if (r == 0) unknown += pango_layout_get_unknown_glyphs_count(layouts[s]);
            }
        }
        times[r] = now() - start;
    }
    qsort(times, (size_t)rounds, sizeof(double), compare);
    double median = rounds % 2 ? times[rounds / 2] : (times[rounds / 2 - 1] + times[rounds / 2]) / 2;
    printf("pango (C: one PangoLayout per size, %d sizes): %.1f µs/string%s\n", sizes, median / count * 1e6,
           sink ? "" : " ");
    if (unknown) fprintf(stderr, "pango: %ld glyphs without a font (at %d sizes)\n", unknown, sizes);
    for (int s = 0; s < sizes; s++) g_object_unref(layouts[s]);
    for (int i = 0; i < count; i++) { free(languages[i]); free(texts[i]); }
    free(times);
    g_object_unref(context);
    g_object_unref(map);
    return 0;
}
