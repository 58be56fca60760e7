#ifndef LAYOUTSIM_CICU_SHIM_H
#define LAYOUTSIM_CICU_SHIM_H
/*
 * ICU renames every C symbol by its major version (ubrk_open is really ubrk_open_72),
 * so Swift cannot call the plain names. These static inline wrappers carry a cicu_
 * prefix and are the only ICU entry points LayoutSim uses.
 */
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>

typedef enum {
    CICU_BREAK_CHARACTER = UBRK_CHARACTER,
    CICU_BREAK_WORD = UBRK_WORD,
    CICU_BREAK_LINE = UBRK_LINE
} cicu_break_kind;

/* Opens a break iterator over `text` (UTF-16, not copied: it must outlive the iterator). */
static inline UBreakIterator *cicu_ubrk_open(cicu_break_kind kind, const char *locale,
                                             const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open((UBreakIteratorType)kind, locale, text, length, status);
}
static inline void cicu_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline int32_t cicu_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t cicu_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t cicu_ubrk_getRuleStatus(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }
static inline int32_t cicu_ubrk_done(void) { return UBRK_DONE; }
/* Rule status values of the line iterator (UAX #14): soft break vs. mandatory (hard) break. */
static inline int32_t cicu_line_soft(void) { return UBRK_LINE_SOFT; }
static inline int32_t cicu_line_hard(void) { return UBRK_LINE_HARD; }

/* BCP 47 language tag -> ICU locale ID ("zh-Hant-TW" -> "zh_Hant_TW"). */
static inline int32_t cicu_uloc_forLanguageTag(const char *tag, char *localeID, int32_t capacity,
                                               int32_t *parsedLength, UErrorCode *status) {
    return uloc_forLanguageTag(tag, localeID, capacity, parsedLength, status);
}
static inline const char *cicu_u_errorName(UErrorCode code) { return u_errorName(code); }
static inline int cicu_failure(UErrorCode code) { return U_FAILURE(code) ? 1 : 0; }
static inline const char *cicu_version_string(void) { return U_ICU_VERSION; }

#endif
