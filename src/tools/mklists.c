/*
 * mklists.c: the lists of games that a reader or a tool reads without
 * running shakeref, made at build time from the game table (game_table,
 * src/core/game.c) and the rule cards it points at, so that a new game
 * needs no line in them (HACKING "How to add a game"):
 *
 *   mklists -m TEMPLATE   shakeref(1): each line "@NAME@" of the template
 *                         replaced (the rules of new, the usage of the
 *                         verbs, each game's verbs, the game options)
 *   mklists -s TEMPLATE   the export schema: "@RULES@" and "@VERBS@"
 *                         replaced by JSON arrays
 *   mklists -d            the fuzz dictionary's words of the games
 *
 * on standard output.  Linked with libsr.a (shakeref's own table); the
 * test binary's Pig with tests/pig/game-table.c, as shakeref-pig.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "card.h"
#include "game.h"

#define NAMES_MAX	64

static const char *const mdoc_verbs_usage[] = {
	"The verbs that take no argument,",
	"given one, are a usage error (exit 2); so are",
	"with the wrong number of arguments,",
	"and",
	"with none."
};

/* A list of names, each once, in the order first met. */
struct names {
	const char	*v[NAMES_MAX];
	int		 n;
};

/* Add s to l unless it is there. */
static void
names_add(struct names *l, const char *s)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return;
	if (l->n < NAMES_MAX)
		l->v[l->n++] = s;
}

/* What follows item i of n in a list: mid, and (before the last), end. */
static const char *
sep(int i, int n, const char *mid, const char *and, const char *end)
{
	return i < n - 2 ? mid : i == n - 2 ? and : end;
}

/* How many games the table has. */
static int
games(void)
{
	int n;

	for (n = 0; game_table[n] != NULL; n++)
		;
	return n;
}

/*
 * l as mdoc: ".Cm a ,", ".Cm b", "and", ".Cm c" then end (" ,", " ;" or
 * nothing) after the last.
 */
static void
put_cm_list(const struct names *l, const char *end)
{
	int i;

	for (i = 0; i < l->n; i++)
		printf(".Cm %s%s\n", l->v[i], sep(i, l->n, " ,", "\nand",
		    end));
}

/* The rules of new: every game, its alias in brackets. */
static void
put_rules(void)
{
	int i, n = games();

	for (i = 0; i < n; i++) {
		printf(".Cm %s", game_table[i]->name);
		if (game_table[i]->alias != NULL)
			printf("\n(alias\n.Cm %s )", game_table[i]->alias);
		printf("%s\n", sep(i, n, " ,", "\nand", " ;"));
	}
}

/* The game's title: its summary up to ": " ("10,000"). */
static void
put_title(const struct game_rules *g)
{
	printf("%.*s", (int)game_title_len(g), g->summary);
}

/*
 * The games by their titles, each on a line of its own (mandoc -T lint
 * keeps a line within 80 columns, whatever the number of games):
 * "Shake,", "Shake Up", "and 10,000."; "\&" before a title that would
 * begin a request.
 */
static void
put_titles(void)
{
	int i, n = games();

	for (i = 0; i < n; i++) {
		if (n > 1 && i == n - 1)
			printf("and ");
		else if (strchr(".'", game_table[i]->summary[0]) != NULL)
			printf("\\&");
		put_title(game_table[i]);
		printf("%s", sep(i, n, ",\n", "\n", ".\n"));
	}
}

/* How a verb's arguments are checked: '0' none, 'N' a fixed count,
 * 'R' repeated, 'O' optional. */
static int
verb_shape(const struct game_verb *v)
{
	if (v->args[0] == '\0')
		return '0';
	if (strchr(v->args, '[') != NULL)
		return 'O';
	if (strstr(v->args, "...") != NULL)
		return 'R';
	return 'N';
}

/* The usage errors of the verbs, by the shape of their arguments. */
static void
put_verbs_usage(void)
{
	const struct game_rules *const *g;
	const struct game_verb *v;
	struct names none = { { NULL }, 0 }, count = { { NULL }, 0 },
	    rep = { { NULL }, 0 };
	const char *bar;

	for (g = game_table; *g != NULL; g++)
		for (v = (*g)->verbs; v->name != NULL; v++)
			switch (verb_shape(v)) {
			case '0': names_add(&none, v->name); break;
			case 'N': names_add(&count, v->name); break;
			case 'R': names_add(&rep, v->name); break;
			}
	printf("%s\n", mdoc_verbs_usage[0]);
	put_cm_list(&none, " ,");
	printf("%s\n", mdoc_verbs_usage[1]);
	put_cm_list(&count, "");
	printf("%s\n", mdoc_verbs_usage[2]);
	for (g = game_table; *g != NULL; g++)
		for (v = (*g)->verbs; v->name != NULL; v++)
			if ((bar = strchr(v->args, '|')) != NULL) {
				const char *k = bar;

				while (k > v->args && k[-1] != ' ')
					k--;
				printf(".Cm %s\nwithout\n.Cm %.*s\nor\n.Cm %s ,\n",
				    v->name, (int)(bar - k), k, bar + 1);
			}
	printf("%s\n", mdoc_verbs_usage[3]);
	put_cm_list(&rep, "");
	printf("%s\n", mdoc_verbs_usage[4]);
}

/* One argument word of help's shape as mdoc: "V..." is "Ar value ...". */
static void
put_arg(const char *w, size_t n)
{
	const char *bar;
	int opt = 0, rep = 0;
	size_t i;

	if (n >= 2 && w[0] == '[' && w[n - 1] == ']') {
		opt = 1;
		w++;
		n -= 2;
	}
	if (n > 3 && strncmp(w + n - 3, "...", 3) == 0) {
		rep = 1;
		n -= 3;
	}
	if ((bar = memchr(w, '|', n)) != NULL) {
		printf(" Cm %.*s | %.*s", (int)(bar - w), w,
		    (int)(n - (size_t)(bar - w) - 1), bar + 1);
		return;
	}
	printf("%s Ar ", opt ? " Op" : "");
	if (n == 1 && w[0] == 'V')
		printf("value");
	else if (n == 1 && w[0] == 'W')
		printf("word");
	else
		for (i = 0; i < n; i++)
			putchar(tolower((unsigned char)w[i]));
	if (rep)
		printf(" ...");
}

/*
 * Text as mdoc lines of at most 72 characters: each sentence on a line of
 * its own, a line broken at a space.
 */
static void
put_text(const char *s)
{
	const char *p, *sp;
	int col = 0;

	for (p = s; *p != '\0'; p++) {
		if (col == 0 && (*p == '.' || *p == '\''))
			col += printf("\\&");
		if (*p == ' ') {
			sp = p + 1 + strcspn(p + 1, " ");
			if ((p > s && p[-1] == '.') || col + (sp - p) > 72) {
				putchar('\n');
				col = 0;
				continue;
			}
		}
		if (*p == '\\')
			col += printf("\\e");
		else {
			putchar(*p);
			col++;
		}
	}
	putchar('\n');
}

/* Each game's verbs, with what each does there (help's words). */
static void
put_game_verbs(void)
{
	const struct game_rules *const *g;
	const struct game_verb *v;
	const char *a;
	size_t n;
	int table;

	for (g = game_table; *g != NULL; g++) {
		printf(".Ss ");
		put_title(*g);
		printf("\n");
		for (table = 1, v = (*g)->verbs; v->name != NULL; v++)
			table &= v->who == WHO_TABLE;
		if (table) {
			printf("Every ");
			put_title(*g);
			printf(" entry is the table's: there is no turn.\n");
		}
		printf(".Bl -tag -width Ds\n");
		for (v = (*g)->verbs; v->name != NULL; v++) {
			printf(".It Cm %s", v->name);
			for (a = v->args; *a != '\0'; a += n) {
				a += strspn(a, " ");
				n = strcspn(a, " ");
				if (n > 0)
					put_arg(a, n);
			}
			printf("\n");
			put_text(v->text);
		}
		printf(".El\n");
	}
}

/*
 * What option key does, from g's card: the item "`key`: ..." up to its
 * first sentence's end, its marks made plain, into b; 0 if none.
 */
static int
option_text(const struct game_rules *g, const char *key, struct buf *b)
{
	const struct card_block *c;
	struct buf plain = BUF_INIT;
	size_t n = strlen(key), end;
	const char *s;

	for (c = g->card; c != NULL && c->kind != CARD_END; c++) {
		if (c->kind != CARD_ITEM || c->text[0] != '`' ||
		    strncmp(c->text + 1, key, n) != 0 ||
		    strncmp(c->text + 1 + n, "`: ", 3) != 0)
			continue;
		card_plain(&plain, c->text + n + 4);
		s = buf_str(&plain);
		for (end = 0; s[end] != '\0'; end++)
			if (s[end] == '.' && (s[end + 1] == ' ' ||
			    s[end + 1] == '\0'))
				break;
		buf_printf(b, "%.*s", (int)end, s);
		buf_free(&plain);
		return 1;
	}
	return 0;
}

/* The options of every game: rules, key, default, values and what it does. */
static void
put_options(void)
{
	const struct game_rules *const *g;
	const struct game_option *o;
	const char *first = NULL;
	struct buf b = BUF_INIT;
	int coach;

	for (coach = 0; coach < 2; coach++)
		for (g = game_table; *g != NULL; g++)
			for (o = (*g)->options; o->key != NULL; o++) {
				if ((o->kind == GAME_OPT_COACH) != coach)
					continue;
				printf(".It %s Ta Cm %s Ta %s Ta %s", (*g)->name,
				    o->key, o->def, o->values);
				buf_reset(&b);
				if (coach && first != NULL)
					printf(": as for %s\n", first);
				else if (coach) {
					first = (*g)->name;
					printf(": the odds and the coach's "
					    "advice in\n.Cm status\nand\n"
					    ".Cm play\n(off: none while the "
					    "game is played;\n.Cm review\n"
					    "still works); every rules has "
					    "it\n");
				} else if (option_text(*g, o->key, &b))
					printf(": %s\n", buf_str(&b));
				else
					printf("\n");
			}
	buf_free(&b);
}

/* The template with each "@NAME@" line replaced. */
static int
man(const char *path)
{
	char line[4096];
	FILE *f;

	if ((f = fopen(path, "r")) == NULL) {
		perror(path);
		return 1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (strcmp(line, "@RULES@\n") == 0)
			put_rules();
		else if (strcmp(line, "@TITLES@\n") == 0)
			put_titles();
		else if (strcmp(line, "@VERBS-USAGE@\n") == 0)
			put_verbs_usage();
		else if (strcmp(line, "@GAME-VERBS@\n") == 0)
			put_game_verbs();
		else if (strcmp(line, "@GAME-OPTIONS@\n") == 0)
			put_options();
		else
			fputs(line, stdout);
	}
	fclose(f);
	return 0;
}

/* The names as a JSON array, wrapped before column 72 at indent. */
static void
put_json_list(const struct names *l, int indent)
{
	int i, col = indent + 1;

	putchar('[');
	for (i = 0; i < l->n; i++) {
		if (i > 0 && col + (int)strlen(l->v[i]) + 5 > 72) {
			printf(",\n%*s", indent + 2, "");
			col = indent + 2;
		} else if (i > 0)
			col += printf(", ");
		col += printf("\"%s\"", l->v[i]);
	}
	putchar(']');
}

/* The template with "@RULES@" and "@VERBS@" as JSON arrays. */
static int
schema(const char *path)
{
	const struct game_rules *const *g;
	const struct game_verb *v;
	struct names rules = { { NULL }, 0 }, verbs = { { NULL }, 0 };
	char line[4096], *at;
	FILE *f;
	int i;

	for (g = game_table; *g != NULL; g++) {
		names_add(&rules, (*g)->name);
		for (v = (*g)->verbs; v->name != NULL; v++)
			if (!(v->kind & VERB_TIMER))	/* never an entry */
				names_add(&verbs, v->name);
	}
	for (i = V_UNDO; i < V__COUNT; i++)
		names_add(&verbs, game_verb_name(NULL, i));
	if ((f = fopen(path, "r")) == NULL) {
		perror(path);
		return 1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if ((at = strstr(line, "@RULES@")) != NULL ||
		    (at = strstr(line, "@VERBS@")) != NULL) {
			printf("%.*s", (int)(at - line), line);
			put_json_list(at[1] == 'R' ? &rules : &verbs,
			    (int)(at - line));
			fputs(at + 7, stdout);
		} else
			fputs(line, stdout);
	}
	fclose(f);
	return 0;
}

/* Every game's name, alias, verb and option key, as libFuzzer's words. */
static int
dict(void)
{
	const struct game_rules *const *g;
	const struct game_verb *v;
	const struct game_option *o;
	struct names w = { { NULL }, 0 };
	struct buf b = BUF_INIT;
	char *own[NAMES_MAX];		/* the keywords, freed at the end */
	int a, i, k, nown = 0;

	for (g = game_table; *g != NULL; g++) {
		names_add(&w, (*g)->name);
		if ((*g)->alias != NULL)
			names_add(&w, (*g)->alias);
		for (v = (*g)->verbs; v->name != NULL; v++) {
			names_add(&w, v->name);
			for (a = 1; a <= GAME_VERBS_MAX; a++)
				for (k = 0; k < 2; k++) {
					buf_reset(&b);
					if (nown < NAMES_MAX &&
					    game_verb_keyword(*g,
					    (int)(v - (*g)->verbs), a, k, &b)) {
						own[nown] = xstrdup(buf_str(&b));
						names_add(&w, own[nown++]);
					}
				}
		}
		for (o = (*g)->options; o->key != NULL; o++)
			names_add(&w, o->key);
	}
	buf_free(&b);
	printf("# The games' words, made by src/tools/mklists -d from the "
	    "game table.\n");
	for (i = 0; i < w.n; i++)
		printf("\"\\\"%s\\\"\"\n", w.v[i]);
	while (nown > 0)
		free(own[--nown]);
	return 0;
}

int
main(int argc, char **argv)
{
	int status;

	if (argc == 3 && strcmp(argv[1], "-m") == 0)
		status = man(argv[2]);
	else if (argc == 3 && strcmp(argv[1], "-s") == 0)
		status = schema(argv[2]);
	else if (argc == 2 && strcmp(argv[1], "-d") == 0)
		status = dict();
	else {
		fprintf(stderr, "usage: mklists -m TEMPLATE | -s TEMPLATE | "
		    "-d\n");
		return 2;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("mklists");
		return 1;
	}
	return status;
}
