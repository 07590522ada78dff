/*
 * serve-reader.c: the reader thread, which alone reads the database, and the
 * jobs (pages) the HTTP thread asks of it (serve, cmd-serve.c).
 */
#include <sys/random.h>

#include "serve.h"

/* A byte to the other thread's pipe fd (full: it has one already). */
static void
poke(int fd)
{
	ssize_t n;

	do
		n = write(fd, "", 1);
	while (n < 0 && errno == EINTR);
}

/* Read every byte poked at pipe fd (non-blocking). */
static void
drain_pokes(int fd)
{
	char b[64];

	while (read(fd, b, sizeof b) > 0)
		;
}

/* Drop a reference to job (under sv->mu); freed with the last. */
static void
job_drop(struct job *j)
{
	if (--j->refs > 0)
		return;
	buf_free(&j->page);
	free(j->arg);
	sv_phone_free(&j->ph);
	free(j->told);
	free(j->line);
	free(j);
}

/*
 * The reader: job's page from the database (code 200, 404 for a game
 * that is not there, 503 when the database did not answer: the store
 * lost and not connected again), in the phone's language: this thread
 * speaks it meanwhile (uselocale; sv->foreign set).
 */
static void
job_run(struct serve *sv, struct job *j, struct buf *b, unsigned *code)
{
	struct sr_ctx *ctx = sv->ctx;
	struct i18n_speaking sp;
	struct buf line = BUF_INIT;
	char *why = NULL, *at;
	unsigned code1 = 200;
	int found = 1;

	*code = 503;
	if (ctx->store != NULL && store_lost(ctx->store) &&
	    sr_store_again(ctx, &why) != SR_OK) {
		free(why);
		return;
	}
	sp.loc = (locale_t)0;
	if (j->ll[0] != '\0' && i18n_speak(&sp, j->ll) != 0)
		sp.loc = (locale_t)0;
	sv->foreign = sp.loc != (locale_t)0;
	switch (j->kind) {
	case JOB_BOARD:
		sv_page_board(sv, b, j);
		break;
	case JOB_ENTER:
		sv_enter_run(sv, j, b, &code1);
		break;
	case JOB_GAMES:
		sv_page_games(sv, b);
		break;
	case JOB_STANDINGS:
		sv_page_standings(sv, b);
		break;
	case JOB_HISTORY:
		found = sv_page_history(sv, b, j->id, j->arg) == 0;
		break;
	case JOB_REVIEW:
		found = sv_page_review(sv, b, j->id) == 0;
		break;
	}
	i18n_speak_end(&sp);
	sv->foreign = 0;
	/* A players' page: its links keep the players' token. */
	for (at = j->players ? b->s : NULL; at != NULL &&
	    (at = strstr(at, sv->prefix)) != NULL; at += strlen(sv->prefix))
		memcpy(at, sv->pprefix, strlen(sv->pprefix));
	/* Each POST: one line on serve's terminal (who, what, the ruling). */
	if (j->kind == JOB_ENTER) {
		j->line_at = sv_enter_line(j, &line);
		fprintf(sv->term, "%s\n", buf_str(&line));
		fflush(sv->term);
		j->line = xstrdup(buf_str(&line));
	}
	buf_free(&line);
	if (ctx->store == NULL || store_lost(ctx->store))
		return;
	*code = found ? code1 : 404;
}

/* The reader: the next job asked, or NULL. */
static struct job *
job_next(struct serve *sv)
{
	struct job *j;

	pthread_mutex_lock(&sv->mu);
	if ((j = sv->queue) != NULL && (sv->queue = j->queued) == NULL)
		sv->queue_end = NULL;
	pthread_mutex_unlock(&sv->mu);
	return j;
}

/* The reader: the board rendered again, handed to the HTTP thread. */
static void
board_fresh(struct serve *sv)
{
	struct buf b = BUF_INIT;

	sv->rerender = 0;
	sv_board_render(sv, &b);
	pthread_mutex_lock(&sv->mu);
	buf_free(&sv->fresh);
	sv->fresh = b;
	sv->has_fresh = 1;
	pthread_mutex_unlock(&sv->mu);
	poke(sv->to_http[1]);
}

/*
 * The reader thread: the change notice (the board rendered again when
 * the game changed, handed to the HTTP thread) and the pages asked,
 * until quit.  Every wait for the database is here, bounded by the
 * store's own deadline (a league's connect_timeout).
 */
static void *
reader_main(void *arg)
{
	struct serve *sv = arg;
	struct sr_ctx *ctx = sv->ctx;
	struct notice *nt = sr_notice_open(ctx);
	struct pollfd pfd[2];
	struct buf b = BUF_INIT;
	struct job *j;
	unsigned code;
	int quit = 0, renew;

	while (!quit) {
		pfd[0].fd = sv->to_reader[0];
		pfd[0].events = POLLIN;
		pfd[1].fd = notice_fd(nt);
		pfd[1].events = POLLIN;
		if (poll(pfd, 2, notice_timeout(nt)) < 0 && errno != EINTR)
			break;
		drain_pokes(sv->to_reader[0]);
		pthread_mutex_lock(&sv->mu);
		quit = sv->quit;
		pthread_mutex_unlock(&sv->mu);
		if (quit)
			break;
		renew = notice_take(nt) && sr_notice_look(ctx, nt) &&
		    sv_board_changed(sv);
		if (renew)
			board_fresh(sv);
		while ((j = job_next(sv)) != NULL) {
			pthread_mutex_lock(&sv->mu);
			renew = j->refs > 1;	/* still asked for */
			pthread_mutex_unlock(&sv->mu);
			code = 503;
			if (renew)
				job_run(sv, j, &b, &code);
			pthread_mutex_lock(&sv->mu);
			j->page = b;
			j->code = code;
			j->done = 1;
			job_drop(j);
			pthread_mutex_unlock(&sv->mu);
			memset(&b, 0, sizeof b);
			poke(sv->to_http[1]);
		}
		/* A timer started from a phone: every page shows it. */
		if (sv->rerender)
			board_fresh(sv);
		/* Notified while the pages read the store: look again. */
		notice_looked(nt);
	}
	notice_close(nt);
	return NULL;
}

/*
 * The HTTP thread: ask the reader for page kind (game id, ?page= arg or
 * NULL) for c, in language ll ("": serve's).
 */
enum MHD_Result
sv_job_start(struct serve *sv, struct MHD_Connection *c, enum job_kind kind,
    long long id, const char *ll, const char *arg, void **req)
{
	return sv_job_queue(sv, c, sv_job_new(kind, id, ll, arg), req);
}

/* The HTTP thread: a job of kind (see sv_job_start), not asked yet. */
struct job *
sv_job_new(enum job_kind kind, long long id, const char *ll, const char *arg)
{
	struct job *j = xcalloc(1, sizeof *j);

	j->kind = kind;
	j->id = id;
	snprintf(j->ll, sizeof j->ll, "%s", ll);
	j->arg = arg != NULL ? xstrdup(arg) : NULL;
	j->refs = 1;		/* the request's */
	j->code = 503;
	return j;
}

/* The HTTP thread: job j asked of the reader for c, which waits. */
enum MHD_Result
sv_job_queue(struct serve *sv, struct MHD_Connection *c, struct job *j,
    void **req)
{
	j->refs++;		/* the reader's */
	j->conn = c;
	j->at = notice_now_ms();
	j->next = sv->waiting;
	if (sv->waiting != NULL)
		sv->waiting->prev = j;
	sv->waiting = j;
	*req = j;
	sv->lib.suspend(c);
	pthread_mutex_lock(&sv->mu);
	if (sv->queue_end != NULL)
		sv->queue_end->queued = j;
	else
		sv->queue = j;
	sv->queue_end = j;
	pthread_mutex_unlock(&sv->mu);
	poke(sv->to_reader[1]);
	return MHD_YES;
}

/* The HTTP thread: job's request no longer waits (resumed, or gone). */
static void
job_unwait(struct serve *sv, struct job *j)
{
	if (j->prev != NULL)
		j->prev->next = j->next;
	else if (sv->waiting == j)
		sv->waiting = j->next;
	if (j->next != NULL)
		j->next->prev = j->prev;
	j->prev = j->next = NULL;
}

/*
 * The HTTP thread: the requests whose page came, or that waited past
 * SERVE_PAGE_MS (or all, with all: stopping), resumed to be answered
 * at the next libmicrohttpd turn.  The milliseconds until the next one
 * is due (0: one was resumed), or -1.
 */
long long
sv_jobs_sweep(struct serve *sv, int all)
{
	struct job *j, *next;
	long long now = notice_now_ms(), due = -1, left;
	int done;

	for (j = sv->waiting; j != NULL; j = next) {
		next = j->next;
		pthread_mutex_lock(&sv->mu);
		done = j->done;
		pthread_mutex_unlock(&sv->mu);
		left = j->at + SERVE_PAGE_MS - now;
		if (done || all || left <= 0) {
			job_unwait(sv, j);
			sv->lib.resume(j->conn);
			due = 0;
		} else if (due < 0 || left < due)
			due = left;
	}
	return due;
}

/* The HTTP thread: answer job's request, resumed: its page, or 503. */
enum MHD_Result
sv_job_answer(struct serve *sv, struct MHD_Connection *c, struct job *j)
{
	struct buf b = BUF_INIT;
	unsigned code = 503;
	const char *t;

	pthread_mutex_lock(&sv->mu);
	if (j->done) {
		code = j->code;
		b = j->page;
		memset(&j->page, 0, sizeof j->page);
	}
	pthread_mutex_unlock(&sv->mu);
	if (code == 200 && j->kind != JOB_ENTER) {
		enum MHD_Result ret;
		unsigned char raw[12];
		char id[sizeof raw * 2 + 1];
		int i;

		/* A phone on the players' link: its own cookie (its rate). */
		if (j->players && j->ph.phone == NULL &&
		    getrandom(raw, sizeof raw, 0) == (ssize_t)sizeof raw) {
			for (i = 0; i < (int)sizeof raw; i++)
				snprintf(id + i * 2, 3, "%02x", raw[i]);
			sv->set_cookie = xasprintf("phone=%s; Path=%s; "
			    "Max-Age=31536000; HttpOnly; SameSite=Strict", id,
			    sv->pprefix);
		}
		ret = sv_answer_page(sv, c, &b);
		free(sv->set_cookie);
		sv->set_cookie = NULL;
		return ret;
	}
	if (j->kind == JOB_ENTER && (code == 303 || code == 409))
		return sv_post_answer(sv, c, j, code, &b);
	buf_free(&b);
	if (code == 404)
		return sv_not_found(sv, c);
	t = _("the database does not answer; try again\n");
	return sv_answer(sv, c, MHD_HTTP_SERVICE_UNAVAILABLE,
	    "text/plain; charset=utf-8", xstrdup(t), strlen(t));
}

/* A request over (MHD_OPTION_NOTIFY_COMPLETED): its job dropped. */
void
sv_request_done(void *cls, struct MHD_Connection *c, void **req,
    enum MHD_RequestTerminationCode why)
{
	struct serve *sv = cls;
	struct job *j = *req;

	(void)c;
	(void)why;
	if (j == NULL || (void *)j == (void *)sv)
		return;
	if (j->pp != NULL)
		sv->lib.post_free(j->pp);
	j->pp = NULL;
	job_unwait(sv, j);
	pthread_mutex_lock(&sv->mu);
	job_drop(j);
	pthread_mutex_unlock(&sv->mu);
	*req = NULL;
}

/* The reader thread started (0), or not (-1, errno set). */
int
sv_reader_start(struct serve *sv)
{
	int e;

	if (pipe2(sv->to_reader, O_NONBLOCK | O_CLOEXEC) != 0)
		return -1;
	if (pipe2(sv->to_http, O_NONBLOCK | O_CLOEXEC) != 0) {
		e = errno;
		close(sv->to_reader[0]);
		close(sv->to_reader[1]);
		errno = e;
		return -1;
	}
	if ((e = pthread_create(&sv->reader, NULL, reader_main, sv)) != 0) {
		close(sv->to_reader[0]);
		close(sv->to_reader[1]);
		close(sv->to_http[0]);
		close(sv->to_http[1]);
		errno = e;
		return -1;
	}
	sv->reading = 1;
	return 0;
}

/*
 * The reader thread told to end, and waited for: at most the store's
 * deadline, should it be waiting for the database.
 */
void
sv_reader_stop(struct serve *sv)
{
	struct job *j;

	if (!sv->reading)
		return;
	pthread_mutex_lock(&sv->mu);
	sv->quit = 1;
	pthread_mutex_unlock(&sv->mu);
	poke(sv->to_reader[1]);
	pthread_join(sv->reader, NULL);
	sv->reading = 0;
	/* The game it kept loaded. */
	if (sv->loaded)
		sr_game_free(&sv->sg);
	sv->loaded = 0;
	/* The jobs it never took: its references dropped. */
	while ((j = job_next(sv)) != NULL) {
		pthread_mutex_lock(&sv->mu);
		job_drop(j);
		pthread_mutex_unlock(&sv->mu);
	}
	close(sv->to_reader[0]);
	close(sv->to_reader[1]);
	close(sv->to_http[0]);
	close(sv->to_http[1]);
}

/* The HTTP thread, poked: the board the reader rendered, published. */
void
sv_board_take(struct serve *sv)
{
	int fresh;

	drain_pokes(sv->to_http[0]);
	pthread_mutex_lock(&sv->mu);
	if ((fresh = sv->has_fresh) != 0) {
		buf_free(&sv->board);
		sv->board = sv->fresh;
		memset(&sv->fresh, 0, sizeof sv->fresh);
		sv->has_fresh = 0;
	}
	pthread_mutex_unlock(&sv->mu);
	if (fresh)
		sv_board_publish(sv);
}
