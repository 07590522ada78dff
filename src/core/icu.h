/*
 * icu.h: the ICU functions the letters (lang.c) use, as a struct the
 * caller's loader fills (lang_new's load: the system's icu_dlopen of
 * lang-icu.h); the core includes ICU's headers for their types alone
 * and never loads it.
 */
#ifndef SHAKEREF_ICU_H
#define SHAKEREF_ICU_H

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

/* The library, by the version the headers are of (its messages name it). */
#define ICU_STR_(x)	#x
#define ICU_STR(x)	ICU_STR_(x)
#define ICU_SONAME	"libicuuc.so." ICU_STR(U_ICU_VERSION_MAJOR_NUM)

struct lang_icu {
	int		 tried, ok;
	int32_t		(*to_lower)(UChar *, int32_t, const UChar *, int32_t,
			    const char *, UErrorCode *);
	int32_t		(*to_upper)(UChar *, int32_t, const UChar *, int32_t,
			    const char *, UErrorCode *);
	const UNormalizer2 *(*nfd)(UErrorCode *);
	const UNormalizer2 *(*nfc)(UErrorCode *);
	int32_t		(*normalize)(const UNormalizer2 *, const UChar *,
			    int32_t, UChar *, int32_t, UErrorCode *);
	int8_t		(*char_type)(UChar32);
	UBool		(*is_alpha)(UChar32);
};

#endif
