/*
 * serve.h: what the files of serve (src/serve/) share: the server's
 * state, its limits, and the functions one file gives another.
 * Layered without a circle: board, pages, assets < reply < reader <
 * http < cmd-serve.c.
 */
#ifndef SR_SERVE_H
#define SR_SERVE_H

#include <sys/types.h>
#include <sys/random.h>
#include <sys/socket.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>
#include <qrencode.h>

#include "cmd.h"
#include "i18n.h"
#include "ratings.h"
#include "notice.h"
#include "term.h"
#include "utf8.h"

#ifndef MHD_SONAME
#define MHD_SONAME	"libmicrohttpd.so.12"
#endif
#ifndef QRENCODE_SONAME
#define QRENCODE_SONAME	"libqrencode.so.4"
#endif

#define SERVE_LISTEN	"127.0.0.1:8080"
#define SERVE_CONNS	400	/* connections at once, in all */
/*
 * Connections from one address: phones behind one (a router's, a
 * proxy's) each hold a live page and the few a browser opens (Chromium:
 * 6), 8 of them at least.
 */
#define SERVE_PER_IP	64
#define SERVE_ADDR_PHONES 16	/* the entries' rate of an address: 16 phones' */
#define SERVE_IDLE_S	30	/* an idle connection is closed */
#define SERVE_TOKEN_MS	10000	/* a connection without the token is closed */
#define SERVE_SPARE	32	/* free places kept for holders of the token */
#define SERVE_PAGE_MS	5000	/* a page the database has not given: 503 */
#define SERVE_LL	9	/* a language's code (de), its NUL */
#define SERVE_KEEP_MS	15000	/* an event stream's keep-alive */
#define SERVE_LAST	6	/* the board's last entries */
#define SERVE_PAGE	50	/* entries on a page of a game's history */
#define SERVE_REFRESH_S	10	/* the board reloads itself without JS */
#define TOKEN_BYTES	16
#define SERVE_BODY	8192	/* a POST's body, at most (else 413) */
#define SERVE_RATE	5	/* entries a second from one phone (else 429) */
#define SERVE_ANSWERS	256	/* form ids remembered with their answer */
#define SERVE_FID	24	/* a form id's characters, at most */
#define SERVE_PHONES	64	/* addresses whose entries are counted */

/* libmicrohttpd and libqrencode, as loaded. */
struct serve_lib {
	__typeof__(MHD_start_daemon)			*start_daemon;
	__typeof__(MHD_stop_daemon)			*stop_daemon;
	__typeof__(MHD_quiesce_daemon)			*quiesce_daemon;
	__typeof__(MHD_run)				*run;
	__typeof__(MHD_get_timeout)			*get_timeout;
	__typeof__(MHD_get_daemon_info)			*get_daemon_info;
	__typeof__(MHD_create_response_from_buffer)	*from_buffer;
	__typeof__(MHD_create_response_from_callback)	*from_callback;
	__typeof__(MHD_add_response_header)		*add_header;
	__typeof__(MHD_queue_response)			*queue_response;
	__typeof__(MHD_destroy_response)		*destroy_response;
	__typeof__(MHD_suspend_connection)		*suspend;
	__typeof__(MHD_resume_connection)		*resume;
	__typeof__(MHD_lookup_connection_value)		*lookup;
	__typeof__(MHD_get_connection_info)		*conn_info;
	__typeof__(MHD_create_post_processor)		*post_new;
	__typeof__(MHD_post_process)			*post_process;
	__typeof__(MHD_destroy_post_processor)		*post_free;
	__typeof__(MHD_get_connection_values)		*values;
	__typeof__(MHD_http_unescape)			*unescape;
	__typeof__(QRcode_encodeString)			*qr_encode;
	__typeof__(QRcode_free)				*qr_free;
};

/* The bytes of one event, shared by every stream sending it. */
struct blob {
	char		*s;
	size_t		 len;
	int		 refs;
};

/* One event stream (a page holding the live board). */
struct stream {
	struct serve		*sv;
	struct MHD_Connection	*conn;
	struct blob		*out;	/* being sent, or NULL */
	size_t			 off;
	unsigned long		 seen;	/* the board version sent */
	int			 fd;	/* its socket */
	int			 suspended;
	int			 keep;	/* a keep-alive is due */
	int			 gone;	/* the client hung up */
	struct stream		*prev, *next;
};

/*
 * A connection, from its accept on (MHD_OPTION_NOTIFY_CONNECTION): a
 * request with the token marks it; one without it is closed
 * SERVE_TOKEN_MS after its accept, however slowly its headers trickle
 * in, and the oldest one without it first when the places run out.
 */
struct peer {
	int			 fd;
	long long		 at;		/* accepted: notice_now_ms() */
	int			 token;		/* a request had it */
	int			 cut;		/* its socket shut */
	struct peer		*prev, *next;	/* oldest first */
};

/*
 * A page read from the database (games, standings, a game's history or
 * review, the board in a phone's language), asked of the reader thread
 * while its request waits suspended: the reader's answer, in the
 * language the HTTP thread chose for the phone (ll) and with the
 * request's ?page= (arg) copied, or 503 past SERVE_PAGE_MS.  Shared by
 * the two threads (refs, done, code and page under serve's mu); freed
 * by the last to drop it.
 */
enum job_kind { JOB_GAMES, JOB_STANDINGS, JOB_HISTORY, JOB_REVIEW,
    JOB_BOARD, JOB_ENTER };

/*
 * What a phone on the players' link asks beside the page (serve
 * --enter): who holds it (its cookie), the dice tapped so far (?pad=),
 * the answer of a form to show (?r=), an undo or redo to confirm
 * (?confirm=), the name picker asked (?who=change); for JOB_ENTER the
 * POST's fields: the entry's words (line, or verb and args), the entry
 * number the form was made against (n), its form id.  All malloc'd or
 * NULL.
 */
/*
 * A roll of every player's die (a VERB_PAIRS verb of die values while
 * the table enters) in waiting: each phone's holder sent their own
 * value; the entry is made when the last is in.  The reader's alone, in
 * memory only (a restart forgets it); for game and entry n, forgotten
 * when the game moves on.
 */
struct waiting {
	long long		 game;
	int			 n;
	char			 val[GAME_MAX_PLAYERS][8];	/* "": not yet */
};

struct phone {
	char			*who;		/* "": the table, NULL: not said */
	char			*pad;
	char			*said;		/* an answer's words, shown */
	int			 said_status;	/* its exit status */
	char			*confirm;
	int			 pick;		/* ?who=change */
	char			*line, *verb, *args, *n, *fid, *yes;
	char			*mine;		/* the holder's own die (waiting) */
	char			*phone;		/* its phone cookie (rate), or NULL */
	char			*set_who;	/* POST who: the holder said */
	char			*g;		/* POST who: the game's number */
	char			*cookies;	/* "ID\tNAME\n" of its who cookies */
};
struct job {
	enum job_kind		 kind;
	long long		 id;		/* the game's */
	char			 ll[SERVE_LL];	/* the phone's language, "": serve's */
	char			*arg;		/* a history's ?page=, or NULL */
	int			 refs;
	int			 done;		/* the reader's answer is in */
	unsigned		 code;		/* 200, 404 or 503 */
	struct buf		 page;
	int			 players;	/* the players' link (may enter) */
	struct phone		 ph;
	int			 status;	/* JOB_ENTER: the entry's exit status */
	char			*told;		/* JOB_ENTER: what it said */
	/* JOB_ENTER: how it went, the form's entry number, the game's. */
	enum { ENTER_LOST, ENTER_STALE, ENTER_CONFIRM, ENTER_WAIT,
	    ENTER_DONE }	 outcome;
	long			 form_n;
	int			 now_n;
	/* JOB_ENTER: its line on serve's terminal, the ruling's place. */
	char			*line;
	size_t			 line_at;
	/* A POST's, the HTTP thread's alone: its body read. */
	struct MHD_PostProcessor	*pp;
	size_t			 got;		/* its bytes so far */
	int			 bad;		/* 413, 403 ... decided: the code */
	struct job		*queued;	/* the reader's queue */
	/* The HTTP thread's alone: */
	struct MHD_Connection	*conn;
	long long		 at;		/* asked: notice_now_ms() */
	struct job		*prev, *next;	/* waiting, suspended */
};

struct serve {
	struct sr_ctx		*ctx;
	struct serve_lib	 lib;
	struct MHD_Daemon	*d;
	char			 token[TOKEN_BYTES * 2 + 1];
	char			 prefix[TOKEN_BYTES * 2 + 3]; /* /TOKEN/ */
	int			 enter;		/* --enter: the players' link */
	char			 ptoken[TOKEN_BYTES * 2 + 1];
	char			 pprefix[TOKEN_BYTES * 2 + 3];
	/* The HTTP thread's: each form id's answer, a ring. */
	struct {
		char		 fid[SERVE_FID + 1];
		int		 status;
		unsigned	 code;
		char		*told;
		char		*line;	/* its line on serve's terminal */
		size_t		 at;	/* the ruling's place in it */
	}			 answers[SERVE_ANSWERS];
	int			 nanswer;
	/*
	 * The HTTP thread's: a POST it answered itself (refused, or who
	 * holds a phone), said on the terminal once its request is done
	 * with the phone's language: the code, the refusal's msgid, the
	 * holder said (malloc'd).
	 */
	unsigned		 note_code;
	const char		*note_msgid;
	char			*note_who;
	FILE			*term;		/* serve's terminal (ctx->out) */
	char			*set_cookie;	/* the HTTP thread's: the next answer's */
	/* The HTTP thread's: the entries from each address this second. */
	struct {
		char		 addr[48];	/* its phone cookie, else address */
		long long	 at;	/* its second began: notice_now_ms() */
		int		 n;
	}			 phones[SERVE_PHONES];
	long long		 pinned;	/* -g ID, or 0: current */
	long long		 game;		/* the board's, or 0 */
	int			 last;		/* its latest entry */
	unsigned long		 version;	/* of the board */
	struct buf		 board;		/* its HTML */
	struct blob		*event;		/* it as an event */
	struct stream		*streams;
	int			 nstreams;
	struct peer		*peers, *last_peer;
	int			 npeers;	/* not cut */
	/*
	 * The database is the reader thread's alone (ctx, its store, the
	 * change notice, board_changed/board_render: game, last): the HTTP
	 * thread never waits for it.  Under mu: the reader's queue, the
	 * board it rendered last (fresh), quit, version (written by the
	 * HTTP thread, read by both).
	 */
	pthread_t		 reader;
	int			 reading;	/* the thread runs */
	pthread_mutex_t		 mu;
	struct job		*queue, *queue_end;
	struct buf		 fresh;
	int			 has_fresh;
	int			 quit;
	int			 to_reader[2];	/* a byte: look at the queue */
	int			 to_http[2];	/* a byte: an answer, a board */
	struct job		*waiting;	/* the HTTP thread's */
	int			 stopping;
	int			 foreign;	/* the reader's: a phone's language */
	struct waiting		 wait;		/* the reader's */
	/*
	 * The reader's: the game shown, kept loaded between requests
	 * (sv_board_load) when loaded is set.
	 */
	struct sr_game		 sg;
	int			 loaded;
	/*
	 * The reader's: a round's timer started from a phone (a VERB_TIMER
	 * verb), for game timer_game until timer_end (time(): every phone
	 * counts down to it); rerender: the board to render again.
	 */
	long long		 timer_game;
	time_t			 timer_end;
	int			 rerender;
};

/* serve-assets.c */
extern const char sv_icon_svg[];
/* serve-assets.c */
extern const char sv_live_js[];
/* serve-assets.c */
extern const char sv_style_css[];
/* serve-board.c */
int sv_board_changed(struct serve *sv);
/* serve-board.c */
void sv_board_render(struct serve *sv, struct buf *b);
struct sr_game *sv_board_load(struct serve *sv, struct buf *b);
/* serve-board.c */
void sv_entry_html(struct buf *b, const struct stored_entry *se);
/* serve-board.c */
void sv_game_heading(struct buf *b, const struct sr_game *sg);
/* serve-board.c */
void sv_html_text(struct buf *b, const char *s);
/* serve-board.c */
void sv_html_words(struct buf *b, const char *s);
/* serve-board.c */
void sv_page_foot(struct buf *b);
/* serve-board.c */
void sv_page_head(struct serve *sv, struct buf *b, const char *page,
    const char *title, int fetch);
/* serve-board.c */
void sv_table_head(struct buf *b, const char *cls, const char *const *col);
/* serve-http.c */
void sv_peer_notify(void *cls, struct MHD_Connection *c, void **ctx,
    enum MHD_ConnectionNotificationCode what);
/* serve-http.c */
long long sv_peers_sweep(struct serve *sv);
/* serve-http.c */
enum MHD_Result serve_request(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **req);
/* serve-http.c */
void serve_speak(struct serve *sv, struct MHD_Connection *c,
    struct i18n_speaking *sp, char ll[SERVE_LL]);
/* serve-pages.c */
void sv_page_board(struct serve *sv, struct buf *b, const struct job *j);
/* serve-forms.c */
char *sv_phone_who(const char *cookies, long long id);
void sv_forms(struct buf *b, const char *pfx, const struct sr_game *sg,
    const struct phone *ph, const struct waiting *w);
int sv_waits(const struct sr_game *sg, const struct expectation *x);
int sv_rolls(const struct expectation *x, int seat);
int sv_holder_seat(const struct sr_game *sg, const char *who);
/* serve-enter.c */
void sv_phone_free(struct phone *ph);
void sv_enter_run(struct serve *sv, struct job *j, struct buf *b,
    unsigned *code);
size_t sv_enter_line(const struct job *j, struct buf *line);
/* serve-pages.c */
void sv_page_games(struct serve *sv, struct buf *b);
/* serve-pages.c */
int sv_page_history(struct serve *sv, struct buf *b, long long id, const char *arg);
/* serve-pages.c */
int sv_page_review(struct serve *sv, struct buf *b, long long id);
/* serve-pages.c */
void sv_page_standings(struct serve *sv, struct buf *b);
/* serve-reader.c */
void sv_board_take(struct serve *sv);
/* serve-reader.c */
enum MHD_Result sv_job_answer(struct serve *sv, struct MHD_Connection *c, struct job *j);
/* serve-reader.c */
struct job *sv_job_new(enum job_kind kind, long long id, const char *ll,
    const char *arg);
enum MHD_Result sv_job_queue(struct serve *sv, struct MHD_Connection *c,
    struct job *j, void **req);
enum MHD_Result sv_job_start(struct serve *sv, struct MHD_Connection *c, enum job_kind kind,
    long long id, const char *ll, const char *arg, void **req);
/* serve-reader.c */
long long sv_jobs_sweep(struct serve *sv, int all);
/* serve-reader.c */
int sv_reader_start(struct serve *sv);
/* serve-reader.c */
void sv_reader_stop(struct serve *sv);
/* serve-reader.c */
void sv_request_done(void *cls, struct MHD_Connection *c, void **req,
    enum MHD_RequestTerminationCode why);
/* serve-reply.c */
enum MHD_Result sv_answer(struct serve *sv, struct MHD_Connection *c, unsigned code,
    const char *type, char *text, size_t len);
/* serve-reply.c */
enum MHD_Result sv_answer_page(struct serve *sv, struct MHD_Connection *c, struct buf *b);
/* serve-reply.c */
void sv_blob_drop(struct blob *bl);
int sv_fid_find(struct serve *sv, const char *fid);
int sv_fid_keep(struct serve *sv, const char *fid, unsigned code, int status,
    const char *told);
enum MHD_Result sv_see_other(struct serve *sv, struct MHD_Connection *c,
    const char *loc, const char *cookie);
enum MHD_Result sv_post_answer(struct serve *sv, struct MHD_Connection *c,
    struct job *j, unsigned code, struct buf *b);
/* serve-post.c */
enum MHD_Result sv_post(struct serve *sv, struct MHD_Connection *c,
    const char *path, const char *upload, size_t *upload_size, void **req,
    const char *ll);
void sv_phone_get(struct serve *sv, struct MHD_Connection *c,
    struct phone *ph);
void sv_post_said(struct serve *sv, const char *path);
/* serve-reply.c */
void sv_board_publish(struct serve *sv);
/* serve-reply.c */
enum MHD_Result sv_not_found(struct serve *sv, struct MHD_Connection *c);
/* serve-reply.c */
int serve_pollfds(struct serve *sv, int epfd, int nfd, struct pollfd **pfd,
    int *cap);
/* serve-reply.c */
enum MHD_Result sv_start_stream(struct serve *sv, struct MHD_Connection *c);
/* serve-reply.c */
void sv_streams_gone(struct serve *sv, const struct pollfd *pfd, int n);
/* serve-reply.c */
void sv_streams_keep(struct serve *sv);

#endif
