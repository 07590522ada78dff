/*
 * fuzz-main.h: the main of a fuzz target built without libFuzzer
 * (FUZZ_MAIN: AFL++, or to replay a crash): each file named, or standard
 * input, up to FUZZ_MAX_LEN bytes, given to LLVMFuzzerTestOneInput.
 * Included at the end of each target.
 */
#ifdef FUZZ_MAIN
/* Each file, or stdin, as one input. */
int
main(int argc, char **argv)
{
	static uint8_t buf[FUZZ_MAX_LEN];
	FILE *fp;
	size_t len;
	int i;

	for (i = argc > 1 ? 1 : 0; i < argc; i++) {
		fp = argc > 1 ? fopen(argv[i], "rb") : stdin;
		if (fp == NULL) {
			perror(argv[i]);
			return 1;
		}
		len = fread(buf, 1, sizeof buf, fp);
		if (fp != stdin)
			fclose(fp);
		LLVMFuzzerTestOneInput(buf, len);
	}
	return 0;
}
#endif
