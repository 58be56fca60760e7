#ifndef LAYOUTSIM_CICU_SHIM_H
#define LAYOUTSIM_CICU_SHIM_H
/*
 * LayoutSim's window onto ICU's C API (libicu-dev).
 *
 * ICU renames every C symbol by its major version (ubrk_open is really ubrk_open_72), so Swift cannot call
 * the plain names. The static inline wrappers below carry a cicu_ prefix and are the only ICU entry points
 * LayoutSim uses (libicuuc for boundaries, bidi and scripts; libicui18n for plural rules and number formats).
 *
 * This header deliberately includes no ICU header but <unicode/uvernum.h> (version macros only): on Linux,
 * Swift's Foundation ships its own copy of ICU (module _FoundationICU) whose utypes.h defines UErrorCode
 * differently, and a module that imports both would not compile. So the few functions used are declared
 * here with plain C types of the same ABI (UChar = uint16_t, UErrorCode and the iterator-type enum = int32_t,
 * handles = void *), under their versioned names from U_ICU_ENTRY_POINT_RENAME.
 */
#include <stdint.h>
#include <unicode/uvernum.h>

#define CICU_SYMBOL(name) U_ICU_ENTRY_POINT_RENAME(name)

void *CICU_SYMBOL(ubrk_open)(int32_t type, const char *locale, const uint16_t *text, int32_t textLength, int32_t *status);
void CICU_SYMBOL(ubrk_close)(void *bi);
void CICU_SYMBOL(ubrk_setText)(void *bi, const uint16_t *text, int32_t textLength, int32_t *status);
int32_t CICU_SYMBOL(ubrk_first)(void *bi);
int32_t CICU_SYMBOL(ubrk_next)(void *bi);
int32_t CICU_SYMBOL(ubrk_getRuleStatus)(void *bi);
int32_t CICU_SYMBOL(uloc_forLanguageTag)(const char *langtag, char *localeID, int32_t localeIDCapacity, int32_t *parsedLength, int32_t *status);
int32_t CICU_SYMBOL(uloc_getDisplayLanguage)(const char *locale, const char *displayLocale, uint16_t *language, int32_t languageCapacity, int32_t *status);
const char *CICU_SYMBOL(u_errorName)(int32_t code);
void *CICU_SYMBOL(ubidi_open)(void);
void CICU_SYMBOL(ubidi_close)(void *bidi);
void CICU_SYMBOL(ubidi_setPara)(void *bidi, const uint16_t *text, int32_t length, uint8_t paraLevel, uint8_t *embeddingLevels, int32_t *status);
const uint8_t *CICU_SYMBOL(ubidi_getLevels)(void *bidi, int32_t *status);
int32_t CICU_SYMBOL(uscript_getScript)(int32_t codepoint, int32_t *status);
const char *CICU_SYMBOL(uscript_getShortName)(int32_t scriptCode);
int32_t CICU_SYMBOL(u_getIntPropertyValue)(int32_t codepoint, int32_t property);
/* Plural rules and number formatting (libicui18n). */
void *CICU_SYMBOL(uplrules_openForType)(const char *locale, int32_t type, int32_t *status);
int32_t CICU_SYMBOL(uplrules_select)(const void *rules, double number, uint16_t *keyword, int32_t capacity, int32_t *status);
void CICU_SYMBOL(uplrules_close)(void *rules);
void *CICU_SYMBOL(uplrules_getKeywords)(const void *rules, int32_t *status);
const char *CICU_SYMBOL(uenum_next)(void *enumeration, int32_t *resultLength, int32_t *status);
void CICU_SYMBOL(uenum_close)(void *enumeration);
void *CICU_SYMBOL(unum_open)(int32_t style, const uint16_t *pattern, int32_t patternLength, const char *locale, void *parseError, int32_t *status);
int32_t CICU_SYMBOL(unum_formatInt64)(const void *format, int64_t number, uint16_t *result, int32_t resultLength, void *position, int32_t *status);
int32_t CICU_SYMBOL(unum_formatDouble)(const void *format, double number, uint16_t *result, int32_t resultLength, void *position, int32_t *status);
void CICU_SYMBOL(unum_setAttribute)(void *format, int32_t attribute, int32_t value);
void CICU_SYMBOL(unum_close)(void *format);

/* UBreakIteratorType values (ubrk.h). */
enum { CICU_BREAK_CHARACTER = 0, CICU_BREAK_WORD = 1, CICU_BREAK_LINE = 2 };
/* Line iterator rule status ranges (ubrk.h ULineBreakTag): soft 0..99, hard (mandatory) 100..199. */
enum { CICU_LINE_SOFT = 0, CICU_LINE_HARD = 100, CICU_LINE_HARD_LIMIT = 200 };
/* UBIDI_DEFAULT_LTR / UBIDI_DEFAULT_RTL: paragraph level from the first strong character (ubidi.h). */
enum { CICU_BIDI_DEFAULT_LTR = 0xfe, CICU_BIDI_DEFAULT_RTL = 0xff };
/* USCRIPT_COMMON (Zyyy), USCRIPT_INHERITED (Zinh), USCRIPT_LATIN (Latn), USCRIPT_UNKNOWN (Zzzz) (uscript.h). */
enum { CICU_SCRIPT_COMMON = 0, CICU_SCRIPT_INHERITED = 1, CICU_SCRIPT_LATIN = 25, CICU_SCRIPT_UNKNOWN = 103 };
/* UPLURAL_TYPE_CARDINAL (upluralrules.h); UNUM_DECIMAL and UNUM_FRACTION_DIGITS (min = max) (unum.h). */
enum { CICU_PLURAL_CARDINAL = 0, CICU_NUMBER_DECIMAL = 1, CICU_NUMBER_FRACTION_DIGITS = 8 };
/* U_BUFFER_OVERFLOW_ERROR: the output did not fit; the returned length is the length needed. */
enum { CICU_BUFFER_OVERFLOW = 15 };
/* UBRK_DONE. */
enum { CICU_DONE = -1 };

/* Opens a break iterator over `text` (UTF-16, not copied: it must outlive the iterator). NULL on failure. */
static inline void *cicu_ubrk_open(int32_t kind, const char *locale, const uint16_t *text, int32_t length, int32_t *status) {
    return CICU_SYMBOL(ubrk_open)(kind, locale, text, length, status);
}
static inline void cicu_ubrk_close(void *bi) { CICU_SYMBOL(ubrk_close)(bi); }
/* Points an open iterator at new text (not copied: it must outlive the iteration). */
static inline void cicu_ubrk_setText(void *bi, const uint16_t *text, int32_t length, int32_t *status) {
    CICU_SYMBOL(ubrk_setText)(bi, text, length, status);
}
static inline int32_t cicu_ubrk_first(void *bi) { return CICU_SYMBOL(ubrk_first)(bi); }
static inline int32_t cicu_ubrk_next(void *bi) { return CICU_SYMBOL(ubrk_next)(bi); }
static inline int32_t cicu_ubrk_getRuleStatus(void *bi) { return CICU_SYMBOL(ubrk_getRuleStatus)(bi); }

/* Bidi (UAX #9): one UBiDi object, reused per paragraph text (text not copied: it must outlive the levels). */
static inline void *cicu_ubidi_open(void) { return CICU_SYMBOL(ubidi_open)(); }
static inline void cicu_ubidi_close(void *bidi) { CICU_SYMBOL(ubidi_close)(bidi); }
static inline void cicu_ubidi_setPara(void *bidi, const uint16_t *text, int32_t length, uint8_t paraLevel, int32_t *status) {
    CICU_SYMBOL(ubidi_setPara)(bidi, text, length, paraLevel, 0, status);
}
static inline const uint8_t *cicu_ubidi_getLevels(void *bidi, int32_t *status) { return CICU_SYMBOL(ubidi_getLevels)(bidi, status); }

/* Script property of a code point (UScriptCode) and its ISO 15924 code ("Thai", "Arab"). */
static inline int32_t cicu_uscript_getScript(int32_t codepoint, int32_t *status) { return CICU_SYMBOL(uscript_getScript)(codepoint, status); }
static inline const char *cicu_uscript_getShortName(int32_t script) { return CICU_SYMBOL(uscript_getShortName)(script); }

/* Grapheme_Cluster_Break property of a code point (UGraphemeClusterBreak: 0 other, 1 control, 2 CR, 3 extend,
 * 5 LF, 10 spacing mark, …); UCHAR_GRAPHEME_CLUSTER_BREAK is 0x1012 (uchar.h). */
enum { CICU_GCB_OTHER = 0, CICU_GCB_CONTROL = 1, CICU_GCB_CR = 2, CICU_GCB_EXTEND = 3, CICU_GCB_LF = 5, CICU_GCB_SPACING_MARK = 10 };
static inline int32_t cicu_u_graphemeClusterBreak(int32_t codepoint) { return CICU_SYMBOL(u_getIntPropertyValue)(codepoint, 0x1012); }
/* Joining_Type (UJoiningType: 5 is U_JT_TRANSPARENT) and Joining_Group (UJoiningGroup: 2 U_JG_ALAPH, 7 U_JG_DALATH_RISH,
 * the two groups HarfBuzz's Arabic joining tells apart) of a code point; UCHAR_JOINING_TYPE is 0x1007, UCHAR_JOINING_GROUP
 * 0x1006 (uchar.h). */
enum { CICU_JT_TRANSPARENT = 5, CICU_JG_ALAPH = 2, CICU_JG_DALATH_RISH = 7 };
static inline int32_t cicu_u_joiningType(int32_t codepoint) { return CICU_SYMBOL(u_getIntPropertyValue)(codepoint, 0x1007); }
static inline int32_t cicu_u_joiningGroup(int32_t codepoint) { return CICU_SYMBOL(u_getIntPropertyValue)(codepoint, 0x1006); }
/* General_Category of a code point (UCharCategory: 0 is U_UNASSIGNED, Cn); UCHAR_GENERAL_CATEGORY is 0x1005. */
enum { CICU_CATEGORY_UNASSIGNED = 0 };
static inline int32_t cicu_u_generalCategory(int32_t codepoint) { return CICU_SYMBOL(u_getIntPropertyValue)(codepoint, 0x1005); }

/* Cardinal plural rules of an ICU locale (CLDR plurals.xml). NULL on failure. */
static inline void *cicu_uplrules_open(const char *locale, int32_t *status) {
    return CICU_SYMBOL(uplrules_openForType)(locale, CICU_PLURAL_CARDINAL, status);
}
/* The keyword ("one", "few", ...) for `number`, as UTF-16 into `keyword`; returns its length. */
static inline int32_t cicu_uplrules_select(const void *rules, double number, uint16_t *keyword, int32_t capacity, int32_t *status) {
    return CICU_SYMBOL(uplrules_select)(rules, number, keyword, capacity, status);
}
static inline void cicu_uplrules_close(void *rules) { CICU_SYMBOL(uplrules_close)(rules); }
/* The keywords of the rules (a UEnumeration, closed with cicu_uenum_close). */
static inline void *cicu_uplrules_getKeywords(const void *rules, int32_t *status) {
    return CICU_SYMBOL(uplrules_getKeywords)(rules, status);
}
static inline const char *cicu_uenum_next(void *enumeration, int32_t *resultLength, int32_t *status) {
    return CICU_SYMBOL(uenum_next)(enumeration, resultLength, status);
}
static inline void cicu_uenum_close(void *enumeration) { CICU_SYMBOL(uenum_close)(enumeration); }

/* A decimal number formatter (the locale's numbering system, grouping and separators). NULL on failure. */
static inline void *cicu_unum_open_decimal(const char *locale, int32_t *status) {
    return CICU_SYMBOL(unum_open)(CICU_NUMBER_DECIMAL, 0, 0, locale, 0, status);
}
/* Formats into `result` (UTF-16); returns the length, which may exceed `capacity` (U_BUFFER_OVERFLOW_ERROR). */
static inline int32_t cicu_unum_formatInt64(const void *format, int64_t number, uint16_t *result, int32_t capacity, int32_t *status) {
    return CICU_SYMBOL(unum_formatInt64)(format, number, result, capacity, 0, status);
}
static inline int32_t cicu_unum_formatDouble(const void *format, double number, uint16_t *result, int32_t capacity, int32_t *status) {
    return CICU_SYMBOL(unum_formatDouble)(format, number, result, capacity, 0, status);
}
/* Sets the minimum and the maximum number of fraction digits. */
static inline void cicu_unum_setFractionDigits(void *format, int32_t digits) {
    CICU_SYMBOL(unum_setAttribute)(format, CICU_NUMBER_FRACTION_DIGITS, digits);
}
static inline void cicu_unum_close(void *format) { CICU_SYMBOL(unum_close)(format); }

/* BCP 47 language tag -> ICU locale ID ("zh-Hant-TW" -> "zh_Hant_TW"). */
static inline int32_t cicu_uloc_forLanguageTag(const char *tag, char *localeID, int32_t capacity, int32_t *parsedLength, int32_t *status) {
    return CICU_SYMBOL(uloc_forLanguageTag)(tag, localeID, capacity, parsedLength, status);
}
/* The language's name in `displayLocale`; *status is U_USING_DEFAULT_WARNING (-127) when CLDR has none (an unknown code). */
static inline int32_t cicu_uloc_getDisplayLanguage(const char *locale, const char *displayLocale, uint16_t *language, int32_t capacity, int32_t *status) {
    return CICU_SYMBOL(uloc_getDisplayLanguage)(locale, displayLocale, language, capacity, status);
}
static inline const char *cicu_u_errorName(int32_t code) { return CICU_SYMBOL(u_errorName)(code); }
/* U_FAILURE: error codes are > 0 (U_ZERO_ERROR = 0, warnings < 0). */
static inline int cicu_failure(int32_t code) { return code > 0; }

#endif
