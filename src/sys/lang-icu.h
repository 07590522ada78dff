/*
 * lang-icu.h: ICU loaded with dlopen() into the core's struct lang_icu
 * (icu.h) for lang.c (ICU's symbols carry its version, u_strToLower_72:
 * the header says which).
 */
#ifndef SHAKEREF_LANG_ICU_H
#define SHAKEREF_LANG_ICU_H

#include "icu.h"

/* Load ICU with dlopen() into icu: 0, or -1 (the system's loader). */
int	icu_dlopen(struct lang_icu *);

#endif
