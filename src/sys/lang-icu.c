/*
 * lang-icu.c: load ICU for lang.c with dlopen() (the system library: the
 * pure core does no dlopen).  main() hands icu_dlopen to
 * lang_new(), for the letters' context it lends the core.
 */
#include <dlfcn.h>

#include "lang-icu.h"

#define ICU_SYM(f)	ICU_STR(f)

/* Load ICU into icu; 0, or -1 if it or a function is missing. */
int
icu_dlopen(struct lang_icu *icu)
{
	void *h;

	if ((h = dlopen(ICU_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL)
		return -1;
	*(void **)&icu->to_lower = dlsym(h, ICU_SYM(u_strToLower));
	*(void **)&icu->to_upper = dlsym(h, ICU_SYM(u_strToUpper));
	*(void **)&icu->nfd = dlsym(h, ICU_SYM(unorm2_getNFDInstance));
	*(void **)&icu->nfc = dlsym(h, ICU_SYM(unorm2_getNFCInstance));
	*(void **)&icu->normalize = dlsym(h, ICU_SYM(unorm2_normalize));
	*(void **)&icu->char_type = dlsym(h, ICU_SYM(u_charType));
	*(void **)&icu->is_alpha = dlsym(h, ICU_SYM(u_isalpha));
	return icu->to_lower && icu->to_upper && icu->nfd && icu->nfc &&
	    icu->normalize && icu->char_type && icu->is_alpha ? 0 : -1;
}
