/*
 * utf8-ctype.h: the C.UTF-8 locale's answers for utf8.c, asked at build
 * time by src/tools/mkctype.c (src/core/utf8-ctype.c is generated): see
 * there.
 */
#ifndef SHAKEREF_UTF8_CTYPE_H
#define SHAKEREF_UTF8_CTYPE_H

#include <stddef.h>
#include <stdint.h>

#define UTF8_PRINT	0x80	/* printable */
#define UTF8_WIDTH	0x7f	/* its display width */

struct utf8_run {
	uint32_t	 lo;
	unsigned char	 v;
};

extern const unsigned char utf8_narrow[0x800];
extern const struct utf8_run utf8_wide[];
extern const size_t utf8_nwide;
extern const uint32_t utf8_folds[][2];
extern const size_t utf8_nfolds;

#endif
