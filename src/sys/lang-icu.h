/*
 * lang-icu.h: the ICU functions lang.c uses, as lang-icu.c loads them
 * with dlopen() (ICU's symbols carry its version, u_strToLower_72: the
 * header says which).
 */
#ifndef SHAKEREF_LANG_ICU_H
#define SHAKEREF_LANG_ICU_H

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#define LANG_STR_(x)	#x
#define LANG_STR(x)	LANG_STR_(x)
#define ICU_SONAME	"libicuuc.so." LANG_STR(U_ICU_VERSION_MAJOR_NUM)

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

/* Load ICU with dlopen() into icu: 0, or -1 (the system's loader). */
int	lang_icu_dlopen(struct lang_icu *);

#endif
