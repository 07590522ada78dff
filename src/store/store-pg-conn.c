/*
 * store-pg-conn.c: libpq loaded, a URI taken apart, the client's own
 * files (the league engine: store-pg.c; its own header store-pg.h).
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "store-pg.h"

/* Load libpq and its functions into pq; SR_OK, or SR_SYSTEM with *why. */
int
pg_pq_load(struct pq *pq, char **why)
{
	const char *err;
	void *dl;

	if ((dl = dlopen(LIBPQ_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		err = dlerror();
		return store_fail(why, SR_SYSTEM, "cannot load the PostgreSQL "
		    "client library '%s' for a league database: %s",
		    LIBPQ_SONAME, err != NULL ? err : "not found");
	}
	pq->dl = dl;
#define PQ_SYM(f, name) (*(void **)&pq->f = dlsym(dl, name)) == NULL
	if (PQ_SYM(connectdb_params, "PQconnectdbParams") ||
	    PQ_SYM(status, "PQstatus") ||
	    PQ_SYM(error_message, "PQerrorMessage") ||
	    PQ_SYM(finish, "PQfinish") ||
	    PQ_SYM(send_query, "PQsendQuery") ||
	    PQ_SYM(send_query_params, "PQsendQueryParams") ||
	    PQ_SYM(get_result, "PQgetResult") ||
	    PQ_SYM(is_busy, "PQisBusy") ||
	    PQ_SYM(result_status, "PQresultStatus") ||
	    PQ_SYM(result_error_field, "PQresultErrorField") ||
	    PQ_SYM(clear, "PQclear") || PQ_SYM(ntuples, "PQntuples") ||
	    PQ_SYM(getvalue, "PQgetvalue") ||
	    PQ_SYM(getisnull, "PQgetisnull") ||
	    PQ_SYM(getlength, "PQgetlength") ||
	    PQ_SYM(cmd_status, "PQcmdStatus") ||
	    PQ_SYM(unescape_bytea, "PQunescapeBytea") ||
	    PQ_SYM(freemem, "PQfreemem") ||
	    PQ_SYM(set_notice_processor, "PQsetNoticeProcessor") ||
	    PQ_SYM(conninfo_parse, "PQconninfoParse") ||
	    PQ_SYM(conndefaults, "PQconndefaults") ||
	    PQ_SYM(conninfo_free, "PQconninfoFree") ||
	    PQ_SYM(transaction_status, "PQtransactionStatus") ||
	    PQ_SYM(socket, "PQsocket") ||
	    PQ_SYM(consume_input, "PQconsumeInput") ||
	    PQ_SYM(notifies, "PQnotifies") ||
	    PQ_SYM(parameter_status, "PQparameterStatus")) {
		dlclose(dl);
		pq->dl = NULL;
		return store_fail(why, SR_SYSTEM, "cannot load the PostgreSQL "
		    "client library '%s': a function is missing",
		    LIBPQ_SONAME);
	}
	/* Pipeline mode, if this libpq has it (14 and later). */
	if (PQ_SYM(enter_pipeline, "PQenterPipelineMode") ||
	    PQ_SYM(exit_pipeline, "PQexitPipelineMode") ||
	    PQ_SYM(pipeline_sync, "PQpipelineSync"))
		pq->enter_pipeline = NULL;
#undef PQ_SYM
	return SR_OK;
}

/*
 * Read the URI's parts: *name, the league's name for messages,
 * postgresql://HOST[:PORT]/DBNAME, without its user, password or other
 * parameters; *options, its options= (else PGOPTIONS, as libpq would
 * read it) or NULL, for pg_open to keep beside its own.  A URI that libpq cannot read, or that holds a password
 * (anyone on the machine can read a command line, and a shell's
 * history keeps it), is refused (SR_USAGE), named by its scheme alone.
 */
int
pg_uri_parts(struct pq *pq, const char *uri, char **name, char **options,
    int *timeout, char **why)
{
	PQconninfoOption *o, *opts, *env;
	const char *host = NULL, *port = NULL, *db = NULL;
	char *err = NULL;
	struct buf b = BUF_INIT;
	int secret = 0;

	*name = NULL;
	*options = NULL;
	*timeout = -1;
	if ((opts = pq->conninfo_parse(uri, &err)) == NULL) {
		if (err != NULL)
			pq->freemem(err);
		return store_fail(why, SR_USAGE, "the database's URI is not "
		    "one PostgreSQL reads: postgresql://[USER@]HOST[:PORT]/"
		    "DBNAME");
	}
	for (o = opts; o->keyword != NULL; o++) {
		if (o->val == NULL || o->val[0] == '\0')
			continue;
		if (strcmp(o->keyword, "host") == 0)
			host = o->val;
		else if (strcmp(o->keyword, "port") == 0)
			port = o->val;
		else if (strcmp(o->keyword, "dbname") == 0)
			db = o->val;
		else if (strcmp(o->keyword, "password") == 0)
			secret = 1;
		else if (strcmp(o->keyword, "options") == 0)
			*options = xstrdup(o->val);
		else if (strcmp(o->keyword, "connect_timeout") == 0)
			*timeout = atoi(o->val);
	}
	/*
	 * What libpq would take when the URI names none (PGOPTIONS,
	 * PGCONNECT_TIMEOUT).
	 */
	if ((*options == NULL || *timeout < 0) &&
	    (env = pq->conndefaults()) != NULL) {
		for (o = env; o->keyword != NULL; o++) {
			if (o->val == NULL || o->val[0] == '\0')
				continue;
			if (strcmp(o->keyword, "options") == 0 &&
			    *options == NULL)
				*options = xstrdup(o->val);
			else if (strcmp(o->keyword, "connect_timeout") == 0 &&
			    *timeout < 0)
				*timeout = atoi(o->val);
		}
		pq->conninfo_free(env);
	}
	if (*timeout < 0)
		*timeout = PG_TIMEOUT;
	if (host != NULL && host[0] == '/')
		buf_printf(&b, "postgresql:///%s?host=%s", db != NULL ? db : "",
		    host);
	else
		buf_printf(&b, "postgresql://%s%s%s/%s",
		    host != NULL ? host : "", port != NULL ? ":" : "",
		    port != NULL ? port : "", db != NULL ? db : "");
	pq->conninfo_free(opts);
	*name = b.s;
	if (secret)
		return store_fail(why, SR_USAGE, "the URI of the league '%s' "
		    "holds a password, which the command line and the "
		    "environment do not keep secret; give it in ~/.pgpass, "
		    "PGPASSWORD or a service file", *name);
	return SR_OK;
}

/* Notices (a NOTICE from the server) are not the user's business. */
void
pg_quiet_notice(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/*
 * A file under the client's state folder for this league (named by a
 * checksum of its URI): "current" (the table's current game), "schema"
 * (the version the table saw last); NULL without a folder.
 */
char *
pg_client_file(struct pgstore *s, const char *what)
{
	uint64_t h = store_fnv(STORE_FNV_START, s->uri, strlen(s->uri));

	if (s->client == NULL)
		return NULL;
	return xasprintf("%s/league-%016llx.%s", s->client,
	    (unsigned long long)h, what);
}

/*
 * The game in this table's current-game file: 0 when there is none (no
 * file, no folder), -1 when it cannot be read (errno set).
 */
long long
pg_current_read(struct pgstore *s)
{
	char *path = pg_client_file(s, "current"), line[64];
	long long id = 0;
	FILE *f;
	int saved;

	if (path == NULL)
		return 0;
	if ((f = fopen(path, "r")) == NULL) {
		saved = errno;
		free(path);
		errno = saved;
		return saved == ENOENT ? 0 : -1;
	}
	if (fgets(line, sizeof line, f) != NULL)
		id = strtoll(line, NULL, 10);
	fclose(f);
	free(path);
	return id < 0 ? 0 : id;
}

/*
 * Write line as the whole of the client's file path (its folders made,
 * 0600): a temporary file renamed over it, with sync synced first.  0,
 * or -1 with errno set and path as it was.
 */
int
pg_client_put(const char *path, const char *line, int sync)
{
	char *tmp = paths_tmp_name(path);
	size_t n = strlen(line);
	int fd, ok, saved;

	paths_stale_clean(path);
	ok = paths_make_parents(path, NULL) == 0 &&
	    (fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0600)) >= 0;
	if (ok) {
		ok = write(fd, line, n) == (ssize_t)n &&
		    (!sync || fsync(fd) == 0);
		ok = close(fd) == 0 && ok && rename(tmp, path) == 0;
	}
	if (!ok) {
		saved = errno;
		unlink(tmp);
		errno = saved;
	}
	free(tmp);
	return ok ? 0 : -1;
}

