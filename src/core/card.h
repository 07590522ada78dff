/*
 * card.h: a game's rule card, written once in seeds/RULES.md.
 *
 * src/tools/mkcard reads the card and writes it twice at build time: as
 * C blocks (this struct, one paragraph, heading, list item or table row
 * each) that `shakeref rules RULES` prints through card_render(), and as
 * the game's section of shakeref-games(7).  What follows a line
 * "<!-- manual -->" in the card (the examples) goes to the manual only.
 * A block's text is one line of the card's Markdown (its lines joined):
 * `code` and **bold** are kept in it, for a translator to see, and made
 * plain by card_render() ('code', bold).
 *
 * The card is the one text of a game's rules, a small Markdown that
 * src/tools/mkcard.c says the shape of.  It begins "# Title (N-M
 * players)" and gives the rules with their ruling ids.  Under "## The
 * option(s)" an item "- `KEY`: ..." for each option: its first sentence
 * is the option's line in shakeref(1).  After "<!-- manual -->": "##
 * Status in detail", naming each key the game's status --json adds, then
 * the manual's examples (tests/cli/man-examples.sh runs them).  An
 * option's values and default are its table's (rules and shakeref(1)
 * print them); the card says what it does (tests/cli/cards.sh).  The C
 * blocks are written into the build's src/games/cards.c (card_NAME[], one
 * msgid a block), which po/POTFILES.in names and xgettext finds in the
 * build tree (po/Makevars); card_render() translates each block.
 */
#ifndef SHAKEREF_CARD_H
#define SHAKEREF_CARD_H

#include <stddef.h>

struct buf;

enum card_kind {
	CARD_END = 0,		/* the last block: text NULL */
	CARD_TITLE,		/* "# Shake (2-6 players)" */
	CARD_HEAD,		/* "## What you need" */
	CARD_PARA,		/* a paragraph */
	CARD_ITEM,		/* "- " a list item */
	CARD_STEP,		/* "1. " a numbered item (numbered in turn) */
	CARD_HROW,		/* a table's first row: its cells, " | " between */
	CARD_ROW		/* a table's other rows */
};

struct card_block {
	enum card_kind	 kind;
	const char	*text;
};

/*
 * Append the card as plain text: its inline marks out, each block
 * wrapped to cols columns (list items and rows under their text), a
 * blank line between blocks but inside a list or table.
 */
void	 card_render(struct buf *, const struct card_block *, size_t cols);
/* Append text with its inline marks made plain: 'code', bold. */
void	 card_plain(struct buf *, const char *text);

#endif
