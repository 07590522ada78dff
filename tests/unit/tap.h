/*
 * tap.h: a small TAP producer for the C unit tests.
 *
 *	ok(cond, "SH-5: matched dice score %d", v);
 *	is_int(got, want, "name");
 *	is_str(got, want, "name");
 *	return tap_done();
 */
#ifndef SHAKEREF_TAP_H
#define SHAKEREF_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

/* Report one test; returns cond. */
static int __attribute__((format(printf, 2, 3), unused))
ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", cond ? "ok" : "not ok", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!cond)
		tap_failed++;
	fflush(stdout);
	return cond;
}

/* Report a comparison of integers. */
static int __attribute__((unused))
is_int_(long got, long want, const char *name, const char *file, int line)
{
	if (!ok(got == want, "%s", name))
		printf("#   %s:%d: got %ld, want %ld\n", file, line, got, want);
	return got == want;
}

/* Report a comparison of strings. */
static int __attribute__((unused))
is_str_(const char *got, const char *want, const char *name,
    const char *file, int line)
{
	int same = got != NULL && want != NULL ? strcmp(got, want) == 0 :
	    got == want;

	if (!ok(same, "%s", name))
		printf("#   %s:%d: got '%s', want '%s'\n", file, line,
		    got ? got : "(null)", want ? want : "(null)");
	return same;
}

#define is_int(g, w, n)	is_int_((long)(g), (long)(w), (n), __FILE__, __LINE__)
#define is_str(g, w, n)	is_str_((g), (w), (n), __FILE__, __LINE__)

/* Print a diagnostic line. */
static void __attribute__((format(printf, 1, 2), unused))
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/*
 * LeakSanitizer (the ASan build): no thread-local storage as roots.  The
 * sanitizer runtime of GCC 12 misreads the size of a dynamic TLS block
 * that glibc allocates for a library opened with dlopen (Hunspell's
 * thread_local, allocated on its first rejected word) and crashes at
 * exit scanning it ("Tracer caught signal 11", "DTLS ... at 0x22ef"),
 * depending on the heap's layout.  Without TLS roots a leak is never
 * hidden: a block only TLS points to is reported, not missed; so the
 * one such block, dlopen's own list of a library's dependencies
 * (_dl_map_object_deps, held by the loader's thread state), is
 * suppressed by name.
 */
const char *__lsan_default_options(void);
const char *__lsan_default_suppressions(void);
const char *
__lsan_default_options(void)
{
	return "use_tls=0";
}

const char *
__lsan_default_suppressions(void)
{
	return "leak:_dl_map_object_deps\n";
}

/* Print the plan; the exit status is 0 only if every test passed. */
static int __attribute__((unused))
tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}

#endif
