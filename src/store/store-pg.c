/*
 * store-pg.c: the league engine: the store of store.h in a PostgreSQL
 * database (SPEC.md "League"), for a database named by a URI
 * (postgresql://, postgres://).  The only file that includes libpq-fe.h;
 * libpq (Debian's libpq5) is loaded with dlopen() at the first URI, so a
 * run on a file never loads it.
 *
 * The schema keeps the SQLite one's guarantees in the server: entries are
 * append-only (triggers refuse UPDATE, DELETE and TRUNCATE, and every
 * role's privileges to do them, the owner's and the tables' role's, are
 * revoked), every write transaction
 * locks the row of each game it touches (SELECT ... FOR UPDATE) before
 * anything else of that game, so two tables on one game are serialised
 * and two games never wait for each other; summaries, tallies (kept by
 * triggers), snapshots and caches change in the entry's transaction;
 * synchronous_commit is on for every connection; the schema's version
 * (meta 'schema') is migrated forward in one transaction.  Players and
 * tallies, shared by every game, are changed under one transaction-level
 * advisory lock (STORE_PG_CATALOG), taken after the game's row: one
 * order for every writer, so no two writers deadlock on them.  A new
 * entry notifies channel 'shakeref' with its game's id (watch, serve),
 * by a statement in its transaction (notify_game()).
 *
 * The current game is the table's own: a file under the client's state
 * folder (store_open()'s client_dir), one per URI, never in the
 * database; the schema's version the table saw last is kept beside it.
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
#include <libpq-fe.h>

#include "buf.h"
#include "notice.h"
#include "paths.h"
#include "status.h"
#include "store-engine.h"

#ifndef LIBPQ_SONAME
#define LIBPQ_SONAME	"libpq.so.5"
#endif

/* The advisory lock (two keys) around players and tallies. */
#define STORE_PG_CATALOG	"1397245010, 1"
/* How long a command waits for another one's lock (SQLite's busy time). */
#define PG_LOCK_MS	"5000"
/*
 * How long a command waits for the server (README "Club league"): the
 * connection (libpq's connect_timeout), then each answer, that time
 * plus PG_LOCK_MS (a lock waited for is not a silent server).  The
 * URI's connect_timeout, else PGCONNECT_TIMEOUT, else this; 0 waits
 * for ever, as libpq's.
 */
#define PG_TIMEOUT	10
/* Games a write transaction remembers having locked. */
#define PG_LOCKED	16
/* The schema's version. */
#define SCHEMA_SQL	"SELECT value FROM meta WHERE key = 'schema'"
/*
 * The same, asked with a command's first statements when the table saw
 * the league at version $1 last (pg_open): a failure (22P02) if it is at
 * another now, so that the server skips the rest up to the sync, a
 * COMMIT among it too, and schema_judge() looks again.
 */
#define SCHEMA_NOW_SQL	"SELECT CASE WHEN value = $1 THEN value ELSE" \
	" ('schema ' || value)::integer::text END FROM meta" \
	" WHERE key = 'schema'"

/* The libpq functions the engine calls, looked up once per store. */
struct pq {
	void		*dl;
	PGconn		*(*connectdb_params)(const char *const *,
			    const char *const *, int);
	ConnStatusType	 (*status)(const PGconn *);
	char		*(*error_message)(const PGconn *);
	void		 (*finish)(PGconn *);
	int		 (*send_query)(PGconn *, const char *);
	int		 (*send_query_params)(PGconn *, const char *, int,
			    const Oid *, const char *const *, const int *,
			    const int *, int);
	PGresult	*(*get_result)(PGconn *);
	int		 (*is_busy)(PGconn *);
	ExecStatusType	 (*result_status)(const PGresult *);
	char		*(*result_error_field)(const PGresult *, int);
	void		 (*clear)(PGresult *);
	int		 (*ntuples)(const PGresult *);
	char		*(*getvalue)(const PGresult *, int, int);
	int		 (*getisnull)(const PGresult *, int, int);
	int		 (*getlength)(const PGresult *, int, int);
	char		*(*cmd_status)(PGresult *);
	unsigned char	*(*unescape_bytea)(const unsigned char *,
			    size_t *);
	void		 (*freemem)(void *);
	PQnoticeProcessor (*set_notice_processor)(PGconn *, PQnoticeProcessor,
			    void *);
	PQconninfoOption *(*conninfo_parse)(const char *, char **);
	PQconninfoOption *(*conndefaults)(void);
	void		 (*conninfo_free)(PQconninfoOption *);
	PGTransactionStatusType (*transaction_status)(const PGconn *);
	int		 (*socket)(const PGconn *);
	int		 (*consume_input)(PGconn *);
	PGnotify	*(*notifies)(PGconn *);
	const char	*(*parameter_status)(const PGconn *, const char *);
	/* Pipeline mode (libpq 14): NULL in an older libpq, never used. */
	int		 (*enter_pipeline)(PGconn *);
	int		 (*exit_pipeline)(PGconn *);
	int		 (*pipeline_sync)(PGconn *);
};

/*
 * A result the pipeline owes: a statement's (its rows to *dst, or only
 * checked) or a sync point's.  Quiet: sent before a rollback, its
 * failure is nobody's.
 */
struct owed {
	PGresult	**dst;
	char		 sync;
	char		 quiet;
	char		 schema;	/* the version read at open */
};

/* Results the pipeline may owe before it is synced and read. */
#define PG_OWED		64

struct pgstore {
	struct store	 base;		/* first: store.c reads it */
	struct pq	 pq;
	PGconn		*conn;
	char		*uri;		/* as given: names the current */
	char		*name;		/* no credentials: for messages */
	char		*client;	/* the client's state folder */
	int		 write;		/* in a write transaction */
	int		 migrated;
	int		 nlocked;	/* games locked in this one */
	unsigned	 nlocks;	/* games locked: the next slot */
	long long	 locked[PG_LOCKED];
	int		 catalog;	/* STORE_PG_CATALOG held */
	long long	 notified;	/* the game notified last in this one */
	int		 nowait;	/* the next game's lock not waited for */
	int		 busy;		/* it was another's */
	int		 creating;	/* schema made, transaction open */
	int		 has_current;	/* current game set in it */
	long long	 current;	/* that game */
	int		 listening;	/* LISTEN shakeref sent */
	char		*notice_path;	/* store_notice()'s file */
	int		 pipe;		/* in libpq's pipeline mode */
	int		 intx;		/* BEGIN sent, no COMMIT or ROLLBACK */
	int		 doubt;		/* the last COMMIT's fate unknown */
	int		 nowed;		/* owed[]: results not read yet */
	struct owed	 owed[PG_OWED];
	int		 fail;		/* the first failure read, untold */
	char		*fail_why;
	char		 state[6];	/* the SQLSTATE of the last failure */
	PGresult	*pre;		/* SNAP_SQL's row of game pre_game */
	long long	 pre_game;
	int		 pre_undo;	/* with the undo head (a write) */
	long long	 app_game;	/* the last entry appended in this */
	char		*app[6];	/* transaction: ENTRY_COLUMNS' texts */
	int		 wait_ms;	/* an answer's deadline (0: none) */
	int		 timeout;	/* PG_TIMEOUT's seconds, for messages */
	int		 late;		/* the server missed one: cut off */
	int		 seen;		/* the version the table saw last */
	int		 unverified;	/* the version not judged yet */
	int		 schema_unsent;	/* not asked yet */
	int		 schema_owed;	/* its result not read yet */
	PGresult	*schema_res;	/* its rows, or */
	PGresult	*schema_err;	/* its failure */
};

/*
 * The schema, one migration per version: pg_migrations[v] takes a
 * database at version v (0: empty) to v + 1, in one transaction.
 */
static const char *const pg_migrations[] = {
	/* 0 -> 1: SQLite's schema 7, as PostgreSQL keeps it. */
	"CREATE TABLE meta(key text PRIMARY KEY, value text NOT NULL);"
	/* SQLite's COLLATE NOCASE: ASCII letters alone folded. */
	"CREATE FUNCTION shakeref_nocase(text) RETURNS text"
	" LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS"
	" $$SELECT translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',"
	" 'abcdefghijklmnopqrstuvwxyz')$$;"
	"CREATE TABLE players(id bigint GENERATED BY DEFAULT AS IDENTITY"
	" PRIMARY KEY, name text NOT NULL);"
	"CREATE UNIQUE INDEX players_name ON players(shakeref_nocase(name));"
	"CREATE TABLE games(id bigint GENERATED BY DEFAULT AS IDENTITY"
	" PRIMARY KEY, uid text NOT NULL UNIQUE, rules text COLLATE \"C\""
	" NOT NULL, title text, title0 text, options text NOT NULL,"
	" created bigint NOT NULL, finished integer NOT NULL DEFAULT 0);"
	"CREATE INDEX games_finished ON games(finished, id);"
	"CREATE TABLE seats(game_id bigint NOT NULL REFERENCES games(id),"
	" seat integer NOT NULL, player_id bigint NOT NULL"
	" REFERENCES players(id), name text NOT NULL, name0 text,"
	" score bigint NOT NULL DEFAULT 0, won integer NOT NULL DEFAULT 0,"
	" PRIMARY KEY(game_id, seat));"
	"CREATE INDEX seats_player ON seats(player_id);"
	"CREATE TABLE entries(game_id bigint NOT NULL REFERENCES games(id),"
	" n integer NOT NULL, player text, verb text NOT NULL,"
	" args text NOT NULL, fact text, at bigint NOT NULL,"
	" PRIMARY KEY(game_id, n));"
	/* Entries are never changed or deleted: by no role, not even the
	 * owner (its own privileges revoked; the triggers besides). */
	"CREATE FUNCTION shakeref_append_only() RETURNS trigger"
	" LANGUAGE plpgsql AS $$BEGIN"
	" RAISE EXCEPTION 'entries are append-only'"
	" USING ERRCODE = 'restrict_violation'; END$$;"
	"CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries"
	" FOR EACH ROW EXECUTE FUNCTION shakeref_append_only();"
	"CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries"
	" FOR EACH STATEMENT EXECUTE FUNCTION shakeref_append_only();"
	"REVOKE UPDATE, DELETE, TRUNCATE ON entries FROM PUBLIC;"
	"REVOKE UPDATE, DELETE, TRUNCATE ON entries FROM CURRENT_USER;"
	/* A new entry or a changed game wakes watch and serve. */
	"CREATE FUNCTION shakeref_notify() RETURNS trigger"
	" LANGUAGE plpgsql AS $$BEGIN"
	" IF TG_TABLE_NAME = 'games' THEN"
	" PERFORM pg_notify('shakeref', NEW.id::text); ELSE"
	" PERFORM pg_notify('shakeref', NEW.game_id::text); END IF;"
	" RETURN NULL; END$$;"
	"CREATE TRIGGER entries_notify AFTER INSERT ON entries"
	" FOR EACH ROW EXECUTE FUNCTION shakeref_notify();"
	"CREATE TRIGGER games_notify AFTER INSERT OR UPDATE ON games"
	" FOR EACH ROW EXECUTE FUNCTION shakeref_notify();"
	/* Per player and rules, finished games played and won. */
	"CREATE TABLE tallies(player_id bigint NOT NULL REFERENCES players(id),"
	" rules text COLLATE \"C\" NOT NULL, played bigint NOT NULL,"
	" won bigint NOT NULL, PRIMARY KEY(player_id, rules));"
	/* A game finished, or made active again (undo). */
	"CREATE FUNCTION shakeref_tallies_finished() RETURNS trigger"
	" LANGUAGE plpgsql AS $$DECLARE d integer :="
	" (NEW.finished = 1)::integer - (OLD.finished = 1)::integer; BEGIN"
	" PERFORM pg_advisory_xact_lock(" STORE_PG_CATALOG ");"
	" INSERT INTO tallies(player_id, rules, played, won)"
	" SELECT s.player_id, NEW.rules, d * count(*), d * sum(s.won)"
	" FROM seats s WHERE s.game_id = NEW.id GROUP BY s.player_id"
	" ORDER BY s.player_id ON CONFLICT(player_id, rules) DO UPDATE SET"
	" played = tallies.played + excluded.played,"
	" won = tallies.won + excluded.won; RETURN NULL; END$$;"
	"CREATE TRIGGER tallies_finished AFTER UPDATE OF finished ON games"
	" FOR EACH ROW WHEN ((OLD.finished = 1) <> (NEW.finished = 1))"
	" EXECUTE FUNCTION shakeref_tallies_finished();"
	/* A seat's win changed in a finished game. */
	"CREATE FUNCTION shakeref_tallies_won() RETURNS trigger"
	" LANGUAGE plpgsql AS $$BEGIN"
	" IF (SELECT finished FROM games WHERE id = NEW.game_id) = 1 THEN"
	" PERFORM pg_advisory_xact_lock(" STORE_PG_CATALOG ");"
	" UPDATE tallies SET won = won + NEW.won - OLD.won"
	" WHERE player_id = NEW.player_id AND rules ="
	" (SELECT rules FROM games WHERE id = NEW.game_id); END IF;"
	" RETURN NULL; END$$;"
	"CREATE TRIGGER tallies_won AFTER UPDATE OF won ON seats"
	" FOR EACH ROW WHEN (OLD.won <> NEW.won)"
	" EXECUTE FUNCTION shakeref_tallies_won();"
	/* A seat added to a finished game (an import). */
	"CREATE FUNCTION shakeref_tallies_seat() RETURNS trigger"
	" LANGUAGE plpgsql AS $$BEGIN"
	" IF (SELECT finished FROM games WHERE id = NEW.game_id) = 1 THEN"
	" PERFORM pg_advisory_xact_lock(" STORE_PG_CATALOG ");"
	" INSERT INTO tallies(player_id, rules, played, won)"
	" SELECT NEW.player_id, rules, 1, NEW.won FROM games"
	" WHERE id = NEW.game_id ON CONFLICT(player_id, rules) DO UPDATE SET"
	" played = tallies.played + 1, won = tallies.won + excluded.won;"
	" END IF; RETURN NULL; END$$;"
	"CREATE TRIGGER tallies_seat AFTER INSERT ON seats"
	" FOR EACH ROW EXECUTE FUNCTION shakeref_tallies_seat();"
	/* A seat renamed in a finished game moves its tally. */
	"CREATE FUNCTION shakeref_tallies_player() RETURNS trigger"
	" LANGUAGE plpgsql AS $$BEGIN"
	" IF (SELECT finished FROM games WHERE id = NEW.game_id) = 1 THEN"
	" PERFORM pg_advisory_xact_lock(" STORE_PG_CATALOG ");"
	" UPDATE tallies SET played = played - 1, won = won - OLD.won"
	" WHERE player_id = OLD.player_id AND rules ="
	" (SELECT rules FROM games WHERE id = NEW.game_id);"
	" INSERT INTO tallies(player_id, rules, played, won)"
	" SELECT NEW.player_id, rules, 1, NEW.won FROM games"
	" WHERE id = NEW.game_id ON CONFLICT(player_id, rules) DO UPDATE SET"
	" played = tallies.played + 1, won = tallies.won + excluded.won;"
	" END IF; RETURN NULL; END$$;"
	"CREATE TRIGGER tallies_player AFTER UPDATE OF player_id ON seats"
	" FOR EACH ROW WHEN (OLD.player_id <> NEW.player_id)"
	" EXECUTE FUNCTION shakeref_tallies_player();"
	/* The caches: as SQLite's migrations 3 -> 4 and 6 -> 7. */
	"CREATE TABLE snapshots(game_id bigint PRIMARY KEY"
	" REFERENCES games(id), n integer NOT NULL, format text NOT NULL,"
	" key text NOT NULL, state bytea NOT NULL);"
	"CREATE TABLE undo_heads(game_id bigint PRIMARY KEY"
	" REFERENCES games(id), n integer NOT NULL, key text NOT NULL,"
	" depth integer NOT NULL, nundone integer NOT NULL);"
	"CREATE TABLE undo_states(game_id bigint NOT NULL"
	" REFERENCES games(id), kind integer NOT NULL, pos integer NOT NULL,"
	" n integer NOT NULL, state bytea, PRIMARY KEY(game_id, kind, pos));"
	"CREATE TABLE dice_tally(game_id bigint NOT NULL"
	" REFERENCES games(id), seat integer NOT NULL, kind integer NOT NULL,"
	" face integer NOT NULL, count bigint NOT NULL,"
	" PRIMARY KEY(game_id, seat, kind, face));"
	"CREATE TABLE entry_notes(game_id bigint NOT NULL"
	" REFERENCES games(id), n integer NOT NULL, round integer NOT NULL,"
	" undone integer NOT NULL, note text NOT NULL,"
	" PRIMARY KEY(game_id, n));",
	/*
	 * 1 -> 2: the tables' role (README "Club league": the owner's
	 * default privileges give it what a table writes) may add and read
	 * entries, never change or delete one: UPDATE, DELETE and TRUNCATE
	 * of entries, and any write of meta (the schema's version), taken
	 * from every role but the owner.  Only the schema's owner (or a
	 * superuser) migrates it.
	 */
	"DO $$DECLARE r record; o oid :="
	" (SELECT relowner FROM pg_class WHERE oid = 'entries'::regclass);"
	" BEGIN IF NOT pg_has_role(o, 'MEMBER') THEN"
	" RAISE EXCEPTION 'only the schema''s owner migrates it'"
	" USING ERRCODE = 'insufficient_privilege'; END IF;"
	" FOR r IN SELECT DISTINCT c.relname, CASE a.grantee WHEN 0"
	" THEN 'PUBLIC' ELSE a.grantee::regrole::text END AS who"
	" FROM pg_class c, aclexplode(c.relacl) a"
	" WHERE (c.oid = 'entries'::regclass AND a.privilege_type IN"
	" ('UPDATE', 'DELETE', 'TRUNCATE')) OR (c.oid = 'meta'::regclass"
	" AND a.grantee <> o AND a.privilege_type IN"
	" ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')) LOOP"
	" EXECUTE format('REVOKE %s ON %I FROM %s', CASE r.relname"
	" WHEN 'entries' THEN 'UPDATE, DELETE, TRUNCATE'"
	" ELSE 'INSERT, UPDATE, DELETE, TRUNCATE' END, r.relname, r.who);"
	" END LOOP; END$$;",
	/*
	 * 2 -> 3: the notification of a new entry or a changed game is
	 * sent by the statement that writes it (notify_game()), in its
	 * transaction, no longer by a trigger: a PL/pgSQL function called
	 * at every entry loaded that language into each new connection,
	 * most of a move's time on the server.
	 */
	"DROP TRIGGER IF EXISTS entries_notify ON entries;"
	"DROP TRIGGER IF EXISTS games_notify ON games;"
	"DROP FUNCTION IF EXISTS shakeref_notify();",
	/*
	 * 3 -> 4: the tables' role gets the rights a table needs after
	 * `new` and no more (issue 38): of games it may change the title
	 * and the state, of seats the name, score and win (all derived from
	 * the entries: check compares them, --repair rebuilds them), of
	 * players nothing; no role but the owner deletes a game, a seat or
	 * a player.  A seat's player follows its name (a trigger), and its
	 * tally with it.  Each game's creation record (setups: rules,
	 * options, title, created, uid, the seats' names as a JSON array),
	 * written with the game and append-only as the entries are, is what
	 * check compares the game's setup with; a game stored before gets
	 * its setup as it is at this migration.  The owner's alone, as 2;
	 * IF NOT EXISTS, OR REPLACE: a league set back to an earlier version
	 * runs it again (a test).
	 */
	"DO $$DECLARE r record; o oid :="
	" (SELECT relowner FROM pg_class WHERE oid = 'entries'::regclass);"
	" BEGIN IF NOT pg_has_role(o, 'MEMBER') THEN"
	" RAISE EXCEPTION 'only the schema''s owner migrates it'"
	" USING ERRCODE = 'insufficient_privilege'; END IF;"
	" FOR r IN SELECT DISTINCT c.relname, t.attname, CASE a.grantee"
	" WHEN 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END AS who"
	" FROM pg_class c JOIN pg_attribute t ON t.attrelid = c.oid,"
	" aclexplode(t.attacl) a WHERE c.relname IN ('games', 'seats',"
	" 'players') AND c.relnamespace = (SELECT relnamespace FROM pg_class"
	" WHERE oid = 'entries'::regclass) AND a.grantee <> o"
	" AND a.privilege_type = 'UPDATE' LOOP"
	" EXECUTE format('REVOKE UPDATE (%I) ON %I FROM %s', r.attname,"
	" r.relname, r.who); END LOOP;"
	" FOR r IN SELECT DISTINCT c.relname, a.privilege_type AS p,"
	" CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text"
	" END AS who FROM pg_class c, aclexplode(c.relacl) a"
	" WHERE c.oid IN ('games'::regclass, 'seats'::regclass,"
	" 'players'::regclass) AND a.grantee <> o AND a.privilege_type IN"
	" ('UPDATE', 'DELETE', 'TRUNCATE') LOOP"
	" EXECUTE format('REVOKE %s ON %I FROM %s', r.p, r.relname, r.who);"
	" IF r.p = 'UPDATE' AND r.relname <> 'players' THEN"
	" EXECUTE format('GRANT UPDATE (%s) ON %I TO %s', CASE r.relname"
	" WHEN 'games' THEN 'title, finished' ELSE 'name, score, won' END,"
	" r.relname, r.who); END IF; END LOOP; END$$;"
	"CREATE OR REPLACE FUNCTION shakeref_append_only() RETURNS trigger"
	" LANGUAGE plpgsql AS $$BEGIN"
	" RAISE EXCEPTION '% are append-only', TG_TABLE_NAME"
	" USING ERRCODE = 'restrict_violation'; END$$;"
	"CREATE TABLE IF NOT EXISTS setups(game_id bigint PRIMARY KEY"
	" REFERENCES games(id),"
	" rules text COLLATE \"C\" NOT NULL, options text NOT NULL,"
	" title text, created bigint NOT NULL, uid text, names text NOT NULL);"
	"CREATE OR REPLACE TRIGGER setups_append_only BEFORE UPDATE OR DELETE"
	" ON setups"
	" FOR EACH ROW EXECUTE FUNCTION shakeref_append_only();"
	"CREATE OR REPLACE TRIGGER setups_no_truncate BEFORE TRUNCATE"
	" ON setups"
	" FOR EACH STATEMENT EXECUTE FUNCTION shakeref_append_only();"
	"DO $$DECLARE r record; BEGIN"
	" FOR r IN SELECT DISTINCT CASE a.grantee WHEN 0 THEN 'PUBLIC'"
	" ELSE a.grantee::regrole::text END AS who FROM pg_class c,"
	" aclexplode(c.relacl) a WHERE c.oid = 'setups'::regclass"
	" AND a.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE') LOOP"
	" EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON setups FROM %s',"
	" r.who); END LOOP; END$$;"
	"REVOKE UPDATE, DELETE, TRUNCATE ON setups FROM PUBLIC;"
	"REVOKE UPDATE, DELETE, TRUNCATE ON setups FROM CURRENT_USER;"
	"INSERT INTO setups(game_id, rules, options, title, created, uid,"
	" names) SELECT g.id, g.rules, g.options, g.title0, g.created, g.uid,"
	" coalesce((SELECT json_agg(s.name0 ORDER BY s.seat) FROM seats s"
	" WHERE s.game_id = g.id)::text, '[]') FROM games g"
	" WHERE NOT EXISTS (SELECT 1 FROM setups WHERE game_id = g.id);"
	/*
	 * A seat's player follows its name (a name no player has yet keeps
	 * the player: player_id() makes the player first); its tally the
	 * player.
	 */
	"CREATE OR REPLACE FUNCTION shakeref_seat_player() RETURNS trigger"
	" LANGUAGE plpgsql AS $$BEGIN NEW.player_id := coalesce((SELECT id"
	" FROM players WHERE shakeref_nocase(name) ="
	" shakeref_nocase(NEW.name)), NEW.player_id); RETURN NEW; END$$;"
	"CREATE OR REPLACE TRIGGER seats_player BEFORE UPDATE OF name ON seats"
	" FOR EACH ROW EXECUTE FUNCTION shakeref_seat_player();"
	"CREATE OR REPLACE TRIGGER tallies_player"
	" AFTER UPDATE OF name, player_id"
	" ON seats FOR EACH ROW WHEN (OLD.player_id <> NEW.player_id)"
	" EXECUTE FUNCTION shakeref_tallies_player();",
	/*
	 * 4 -> 5: the coach's view of each finished game (issue 37), as
	 * SQLite's migration 7 -> 8 keeps it: per game, seat (-1: the
	 * head) and basis, the decisions review judges and their error
	 * summed in millionths, made from the entries up to n.  Empty
	 * here: made by standings, compared and rebuilt by check.
	 */
	"CREATE TABLE IF NOT EXISTS coach_tally(game_id bigint NOT NULL"
	" REFERENCES games(id), seat integer NOT NULL,"
	" basis integer NOT NULL, n integer NOT NULL,"
	" decisions bigint NOT NULL, error bigint NOT NULL,"
	" PRIMARY KEY(game_id, seat, basis));",
};
#define PG_NMIGRATIONS \
	((int)(sizeof pg_migrations / sizeof pg_migrations[0]))

/* The first line of libpq's text t, without its end, malloc'd. */
static char *
first_line(const char *t)
{
	size_t n;

	if (t == NULL)
		return xstrdup("unknown error");
	if (strncmp(t, "FATAL:  ", 8) == 0 || strncmp(t, "ERROR:  ", 8) == 0)
		t += 8;
	n = strcspn(t, "\n");
	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\r'))
		n--;
	return xstrndup(t, n);
}

/*
 * Fail with the server's words for res (or the connection's): one line,
 * never the URI (its credentials).  A connection gone is "lost"; a
 * deadlock or a serialisation failure asks to try again.
 */
static int
fail_pg(struct pgstore *s, PGresult *res, char **why)
{
	const char *state = NULL, *msg = NULL, *sev = NULL;
	char *line;
	int status;

	if (res != NULL) {
		state = s->pq.result_error_field(res, PG_DIAG_SQLSTATE);
		msg = s->pq.result_error_field(res, PG_DIAG_MESSAGE_PRIMARY);
		sev = s->pq.result_error_field(res,
		    PG_DIAG_SEVERITY_NONLOCALIZED);
	}
	/*
	 * A FATAL ends the connection: the server closes it after (a
	 * pipeline reads the error before the end).
	 */
	if (s->late) {
		line = NULL;
		status = store_fail(why, SR_SYSTEM, "the league '%s' did not "
		    "answer within %d seconds (connect_timeout)", s->name,
		    s->timeout + (int)(atoi(PG_LOCK_MS) / 1000));
	} else if (s->pq.status(s->conn) != CONNECTION_OK || (sev != NULL &&
	    (strcmp(sev, "FATAL") == 0 || strcmp(sev, "PANIC") == 0))) {
		line = first_line(s->pq.status(s->conn) == CONNECTION_OK &&
		    msg != NULL ? msg : s->pq.error_message(s->conn));
		status = store_fail(why, SR_SYSTEM, "lost the connection to "
		    "the league '%s': %s", s->name, line);
	} else if (state != NULL && (strcmp(state, "40P01") == 0 ||
	    strcmp(state, "40001") == 0 || strcmp(state, "55P03") == 0)) {
		/* A lock held past lock_timeout (or a deadlock, none known). */
		line = NULL;
		status = store_fail(why, SR_SYSTEM, "league '%s' is locked by "
		    "another shakeref; try again", s->name);
	} else {
		line = first_line(msg != NULL ? msg :
		    s->pq.error_message(s->conn));
		status = store_fail(why, SR_SYSTEM, "league '%s': %s", s->name,
		    line);
	}
	free(line);
	return status;
}

/*
 * The server's next result, waited for until the deadline (wait_ms): a
 * silent or frozen server never answers, and libpq would wait for ever.
 * Past it the connection is cut (its socket shut: the server, if it
 * wakes, rolls back what was open) and every result after is a failure,
 * told as s->late.  A cancel request would go to the same silent server
 * and wait as long (libpq's PQcancel has no timeout of its own).
 */
static PGresult *
result(struct pgstore *s)
{
	struct pollfd p;
	long long end = notice_now_ms() + s->wait_ms, left;

	while (!s->late && s->wait_ms > 0 && s->pq.is_busy(s->conn)) {
		if ((p.fd = s->pq.socket(s->conn)) < 0)
			break;
		if ((left = end - notice_now_ms()) <= 0) {
			s->late = 1;
			(void)shutdown(p.fd, SHUT_RDWR);
			(void)s->pq.consume_input(s->conn);
			break;
		}
		p.events = POLLIN;
		p.revents = 0;
		if (poll(&p, 1, (int)left) < 0 && errno != EINTR)
			break;
		if (!s->pq.consume_input(s->conn))
			break;	/* the connection's end: get_result tells */
	}
	return s->pq.get_result(s->conn);
}

/*
 * Run what was sent outside pipeline mode (send_query, send_params):
 * its last result, or its first failure (PQexec's), or NULL.
 */
static PGresult *
results(struct pgstore *s)
{
	PGresult *res, *kept = NULL;
	ExecStatusType rs = PGRES_COMMAND_OK;

	while ((res = result(s)) != NULL) {
		if (rs != PGRES_TUPLES_OK && rs != PGRES_COMMAND_OK) {
			s->pq.clear(res);
			continue;
		}
		if (kept != NULL)
			s->pq.clear(kept);
		kept = res;
		rs = s->pq.result_status(res);
	}
	return kept;
}

/*
 * The statements go to the server in libpq's pipeline mode.  One whose
 * rows nobody reads (a write, a lock, BEGIN) inside a transaction is
 * sent and its result owed; the next statement whose rows are read, or
 * COMMIT, syncs the pipeline and reads every result owed, in order: all
 * of them one round trip.  A failure of a statement sent before is told
 * there, the first one, in the words its own call would have used; the
 * transaction fails with it.  A libpq without pipeline mode (before 14)
 * sends each statement as its own round trip.
 */

/* A statement's parameters: see q(). */
struct params {
	const char	*vals[16];
	int		 lens[16];
	int		 fmts[16];
	int		 n;
	char		 nums[16][24];
};

/* Read the parameters of types (q()'s letters) from ap into p. */
static void
params_read(struct params *p, const char *types, va_list ap)
{
	int n;

	for (n = 0; types[n] != '\0' && n < 16; n++) {
		p->lens[n] = 0;
		p->fmts[n] = 0;
		switch (types[n]) {
		case 'i':
			snprintf(p->nums[n], sizeof p->nums[n], "%d",
			    va_arg(ap, int));
			p->vals[n] = p->nums[n];
			break;
		case 'I':
			snprintf(p->nums[n], sizeof p->nums[n], "%lld",
			    va_arg(ap, long long));
			p->vals[n] = p->nums[n];
			break;
		case 't':
			p->vals[n] = va_arg(ap, const char *);
			break;
		case 'b':
			p->vals[n] = va_arg(ap, const char *);
			p->lens[n] = (int)va_arg(ap, size_t);
			p->fmts[n] = 1;
			if (p->vals[n] == NULL)
				p->vals[n] = "";
			break;
		default:
			p->vals[n] = NULL;
			break;
		}
	}
	p->n = n;
}

/* Keep the first failure (res: the server's words) until it is told. */
static void
fail_keep(struct pgstore *s, PGresult *res)
{
	const char *state;

	if (s->fail != SR_OK)
		return;
	state = res != NULL ? s->pq.result_error_field(res,
	    PG_DIAG_SQLSTATE) : NULL;
	snprintf(s->state, sizeof s->state, "%s", state != NULL ? state : "");
	s->fail = fail_pg(s, res, &s->fail_why);
}

/* Tell the failure kept: its status and, in *why, its words. */
static int
fail_take(struct pgstore *s, char **why)
{
	int status = s->fail;

	if (status == SR_OK)
		return SR_OK;
	if (why != NULL)
		*why = s->fail_why;
	else
		free(s->fail_why);
	s->fail_why = NULL;
	s->fail = SR_OK;
	return status;
}

/* Owe one more result: a statement's (to *dst) or a sync point's. */
static void
owe(struct pgstore *s, PGresult **dst, int sync, int quiet)
{
	s->owed[s->nowed].dst = dst;
	s->owed[s->nowed].sync = (char)sync;
	s->owed[s->nowed].quiet = (char)quiet;
	s->owed[s->nowed++].schema = 0;
}

/* A connection gone: stop reading what it owed. */
static int
pipe_broken(struct pgstore *s, PGresult *res)
{
	if (res != NULL && s->pq.status(s->conn) == CONNECTION_OK)
		return 0;
	fail_keep(s, res);
	if (res != NULL)
		s->pq.clear(res);
	return 1;
}

/*
 * Sync the pipeline and read every result it owes, in order: rows to
 * their caller, the first failure kept (fail_take tells it).
 */
static void
drain(struct pgstore *s)
{
	struct owed *o;
	PGresult *res;
	ExecStatusType rs;
	int i, n = s->nowed, end;

	s->nowed = 0;
	if (n == 0)
		return;
	/* A sync of its own, unless the last one owed is one (a rollback). */
	end = n + !s->owed[n - 1].sync;
	if (end > n && !s->pq.pipeline_sync(s->conn)) {
		fail_keep(s, NULL);
		return;
	}
	for (i = 0; i < end; i++) {
		o = i < n ? &s->owed[i] : NULL;
		res = result(s);
		rs = res != NULL ? s->pq.result_status(res) :
		    PGRES_FATAL_ERROR;
		if (o == NULL || o->sync) {
			if (rs != PGRES_PIPELINE_SYNC && pipe_broken(s, res))
				return;
			if (res != NULL)
				s->pq.clear(res);
			continue;
		}
		if (res == NULL && pipe_broken(s, NULL))
			return;
		if (o->schema)
			s->schema_owed = 0;
		if (rs == PGRES_TUPLES_OK || rs == PGRES_COMMAND_OK) {
			if (o->dst != NULL) {
				*o->dst = res;
				res = NULL;
			}
		} else if (o->schema &&
		    s->pq.status(s->conn) == CONNECTION_OK) {
			s->schema_err = res;	/* judged by schema_judge() */
			res = NULL;
		} else if (!o->quiet ||
		    s->pq.status(s->conn) != CONNECTION_OK)
			fail_keep(s, res);
		if (res != NULL)
			s->pq.clear(res);
		/* The end of its results. */
		while ((res = result(s)) != NULL)
			s->pq.clear(res);
		if (s->pq.status(s->conn) != CONNECTION_OK &&
		    pipe_broken(s, NULL))
			return;
	}
}

/* Drop the snapshot's row read ahead (SNAP_SQL). */
static void
pre_drop(struct pgstore *s)
{
	if (s->pre != NULL)
		s->pq.clear(s->pre);
	s->pre = NULL;
	s->pre_game = 0;
}

/* Forget the entry appended last in this transaction. */
static void
app_forget(struct pgstore *s)
{
	int i;

	for (i = 0; i < 6; i++) {
		free(s->app[i]);
		s->app[i] = NULL;
	}
	s->app_game = 0;
}

/* Forget what this transaction read ahead and appended. */
static void
txn_forget(struct pgstore *s)
{
	pre_drop(s);
	app_forget(s);
}

/*
 * The schema's version asked (pg_open): just before the command's first
 * statement but BEGIN (an isolation level comes before any query), in
 * the same batch; a failure (no table meta) makes the server skip the
 * rest up to the sync, which schema_judge() then explains.
 */
static void	send_q(struct pgstore *, PGresult **, const char *,
		    const char *, ...);

static void
schema_send(struct pgstore *s)
{
	s->schema_unsent = 0;
	send_q(s, &s->schema_res, SCHEMA_NOW_SQL, "i", PG_NMIGRATIONS);
	if (s->nowed > 0 && s->owed[s->nowed - 1].dst == &s->schema_res) {
		s->owed[s->nowed - 1].schema = 1;
		s->schema_owed = 1;
	}
}

/*
 * Send sql with p and owe its result: its rows to *dst (NULL: only
 * checked).  Without pipeline mode, run it now.
 */
static void
send_params(struct pgstore *s, PGresult **dst, const char *sql,
    const struct params *p)
{
	PGresult *res;
	ExecStatusType rs;

	pre_drop(s);
	if (s->schema_unsent && strncmp(sql, "BEGIN", 5) != 0)
		schema_send(s);
	if (!s->pipe) {
		res = s->pq.send_query_params(s->conn, sql, p->n, NULL,
		    p->vals, p->lens, p->fmts, 0) ? results(s) : NULL;
		rs = res != NULL ? s->pq.result_status(res) :
		    PGRES_FATAL_ERROR;
		if (rs != PGRES_TUPLES_OK && rs != PGRES_COMMAND_OK)
			fail_keep(s, res);
		else if (dst != NULL) {
			*dst = res;
			res = NULL;
		}
		if (res != NULL)
			s->pq.clear(res);
		return;
	}
	if (s->nowed >= PG_OWED)
		drain(s);
	if (!s->pq.send_query_params(s->conn, sql, p->n, NULL, p->vals,
	    p->lens, p->fmts, 0)) {
		fail_keep(s, NULL);
		return;
	}
	owe(s, dst, 0, 0);
}

/* Send sql with parameters (q()'s types) from ap, owing to *dst. */
static void
send_v(struct pgstore *s, PGresult **dst, const char *sql,
    const char *types, va_list ap)
{
	struct params p;

	params_read(&p, types, ap);
	send_params(s, dst, sql, &p);
}

/* Send sql with parameters (q()'s types) and owe its result to *dst. */
static void
send_q(struct pgstore *s, PGresult **dst, const char *sql,
    const char *types, ...)
{
	va_list ap;

	va_start(ap, types);
	send_v(s, dst, sql, types, ap);
	va_end(ap);
}

static int	schema_judge(struct pgstore *, char **);

/*
 * Sync: every result owed read; SR_OK, or the first failure with *why.
 * dst, a result read in it, is freed and NULL on a failure.
 */
static int
sync_take(struct pgstore *s, PGresult **dst, char **why)
{
	char *said = NULL;
	int status;

	if (s->schema_unsent)
		schema_send(s);
	if (s->pipe)
		drain(s);
	/* The schema's version read with them judged first: it says why. */
	if (s->unverified && !s->schema_owed &&
	    (status = schema_judge(s, &said)) != SR_OK) {
		fail_take(s, NULL);
		s->fail = status;
		s->fail_why = said;
	}
	if ((status = fail_take(s, why)) != SR_OK && dst != NULL &&
	    *dst != NULL) {
		s->pq.clear(*dst);
		*dst = NULL;
	}
	return status;
}

/*
 * Run sql with parameters, one letter of types each: 'i' an int, 'I' a
 * long long, 't' a text (NULL: NULL), 'b' a bytea (a pointer and a
 * size_t), '-' NULL.  *res the rows (PQclear it), or NULL to drop them:
 * then, in a transaction, the statement is only sent (see above).
 */
static int
q(struct pgstore *s, PGresult **resp, char **why, const char *sql,
    const char *types, ...)
{
	va_list ap;

	if (resp != NULL)
		*resp = NULL;
	va_start(ap, types);
	send_v(s, resp, sql, types, ap);
	va_end(ap);
	if (resp == NULL && s->intx && s->pipe && s->fail == SR_OK &&
	    !s->unverified)
		return SR_OK;
	return sync_take(s, resp, why);
}

/* Run one statement without parameters, its rows dropped (as q()). */
static int
exec(struct pgstore *s, const char *sql, char **why)
{
	return q(s, NULL, why, sql, "");
}

/*
 * Run a script of statements (a migration) through libpq's simple
 * protocol, which pipeline mode does not speak: left for it, then
 * entered again.
 */
static int
script(struct pgstore *s, const char *sql, char **why)
{
	PGresult *res;
	ExecStatusType rs;

	if (s->pipe) {
		drain(s);
		if (s->fail == SR_OK && !s->pq.exit_pipeline(s->conn))
			fail_keep(s, NULL);
		if (s->fail != SR_OK)
			return fail_take(s, why);
	}
	res = s->pq.send_query(s->conn, sql) ? results(s) : NULL;
	rs = res != NULL ? s->pq.result_status(res) : PGRES_FATAL_ERROR;
	if (rs != PGRES_TUPLES_OK && rs != PGRES_COMMAND_OK)
		fail_keep(s, res);
	if (res != NULL)
		s->pq.clear(res);
	if (s->pipe && !s->pq.enter_pipeline(s->conn))
		fail_keep(s, NULL);
	return fail_take(s, why);
}

/*
 * Roll back, without waiting: a sync first if statements were sent
 * since the last one (a failure among them makes the server skip what
 * follows up to a sync), ROLLBACK, a sync that sends them; their results
 * are read with the next ones.  Whatever was owed before is nobody's.
 */
static void
rollback_send(struct pgstore *s)
{
	int i;

	if (s->nowed + 3 > PG_OWED)
		drain(s);
	for (i = 0; i < s->nowed; i++)
		s->owed[i].quiet = 1;
	fail_take(s, NULL);
	if (s->nowed > 0 && !s->owed[s->nowed - 1].sync) {
		if (!s->pq.pipeline_sync(s->conn))
			return;
		owe(s, NULL, 1, 1);
	}
	if (!s->pq.send_query_params(s->conn, "ROLLBACK", 0, NULL, NULL, NULL,
	    NULL, 0))
		return;
	owe(s, NULL, 0, 1);
	if (s->pq.pipeline_sync(s->conn))
		owe(s, NULL, 1, 1);
}

/* Row r column c as text (NULL if NULL). */
static const char *
val(struct pgstore *s, PGresult *res, int r, int c)
{
	return s->pq.getisnull(res, r, c) ? NULL : s->pq.getvalue(res, r, c);
}

/* Row r column c as text, malloc'd, or NULL. */
static char *
text_dup(struct pgstore *s, PGresult *res, int r, int c)
{
	const char *t = val(s, res, r, c);

	return t != NULL ? xstrdup(t) : NULL;
}

/* Row r column c as a number (0 if NULL). */
static long long
num(struct pgstore *s, PGresult *res, int r, int c)
{
	const char *t = val(s, res, r, c);

	return t != NULL ? strtoll(t, NULL, 10) : 0;
}

/* Row r column c, a bytea, into a malloc'd copy (*len bytes); NULL if NULL. */
static void *
blob(struct pgstore *s, PGresult *res, int r, int c, size_t *len)
{
	unsigned char *u;
	void *p;

	*len = 0;
	if (s->pq.getisnull(res, r, c))
		return NULL;
	if ((u = s->pq.unescape_bytea((const unsigned char *)
	    s->pq.getvalue(res, r, c), len)) == NULL) {
		*len = 0;	/* out of memory: the cache is missed */
		return NULL;
	}
	p = xmalloc(*len + 1);
	memcpy(p, u, *len);
	s->pq.freemem(u);
	return p;
}

/* Load libpq and its functions into pq; SR_OK, or SR_SYSTEM with *why. */
static int
pq_load(struct pq *pq, char **why)
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
static int
uri_parts(struct pq *pq, const char *uri, char **name, char **options,
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
static void
quiet(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/*
 * A file under the client's state folder for this league (named by a
 * checksum of its URI): "current" (the table's current game), "schema"
 * (the version the table saw last); NULL without a folder.
 */
static char *
client_file(struct pgstore *s, const char *what)
{
	uint64_t h = store_fnv(STORE_FNV_START, s->uri, strlen(s->uri));

	if (s->client == NULL)
		return NULL;
	return xasprintf("%s/league-%016llx.%s", s->client,
	    (unsigned long long)h, what);
}

/*
 * Write line as the whole of the client's file path (its folders made,
 * 0600): a temporary file renamed over it, with sync synced first.  0,
 * or -1 with errno set and path as it was.
 */
static int
client_put(const char *path, const char *line, int sync)
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

/*
 * The schema's version this table saw the league at last, or 0.  Only a
 * hint, never trusted: a command that goes by it asks the version with
 * its first statements all the same (SCHEMA_NOW_SQL).
 */
static int
seen_version(struct pgstore *s)
{
	char *path = client_file(s, "schema"), line[16];
	FILE *f;

	s->seen = 0;
	if (path != NULL && (f = fopen(path, "r")) != NULL) {
		if (fgets(line, sizeof line, f) != NULL)
			s->seen = atoi(line);
		fclose(f);
	}
	free(path);
	return s->seen;
}

/*
 * Keep the current version as the one seen (when it is not already):
 * written whole (a temporary file renamed), not synced; a failure only
 * costs the next command a round trip.
 */
static void
seen_keep(struct pgstore *s)
{
	char *path, line[16];

	if (s->seen == PG_NMIGRATIONS ||
	    (path = client_file(s, "schema")) == NULL)
		return;
	snprintf(line, sizeof line, "%d\n", PG_NMIGRATIONS);
	if (client_put(path, line, 0) == 0)
		s->seen = PG_NMIGRATIONS;
	free(path);
}

/* The version seen is not the league's now: forgotten. */
static void
seen_forget(struct pgstore *s)
{
	char *path = client_file(s, "schema");

	if (path != NULL)
		unlink(path);
	s->seen = 0;
	free(path);
}

/* A league at a version from a newer shakeref: refused. */
static int
newer(struct pgstore *s, int version, char **why)
{
	return store_fail(why, SR_DATA, "league '%s' is from a newer shakeref "
	    "(schema %d; this one knows up to %d)", s->name, version,
	    PG_NMIGRATIONS);
}

static int	schema_known(struct pgstore *, PGresult *, int *, char **);
static void	pg_close(struct store *);
static int	pg_commit(struct store *, char **);
static void	pg_rollback(struct store *);
static int	pg_lost(const struct store *);

/*
 * The schema's version into *version: 0 with *empty when the database
 * has no table in its schema, SR_SYSTEM when it has tables that are not
 * shakeref's.  Outside a transaction (fast), the usual case is one round
 * trip: meta read at once, its absence an error that costs nothing.
 */
static int
schema_version(struct pgstore *s, int fast, int *version, int *empty,
    char **why)
{
	PGresult *res;
	int status;

	*version = 0;
	*empty = 0;
	if (fast) {
		res = NULL;
		send_q(s, &res, SCHEMA_SQL, "");
		if (s->pipe)
			drain(s);
		if (s->fail == SR_OK)
			return schema_known(s, res, version, why);
		if (res != NULL)
			s->pq.clear(res);
		if (strcmp(s->state, "42P01") != 0)
			return fail_take(s, why);
		fail_take(s, NULL);	/* no table meta: see below */
	}
	if ((status = q(s, &res, why, "SELECT to_regclass('meta') IS NOT NULL,"
	    " (SELECT count(*) FROM pg_class c JOIN pg_namespace n"
	    " ON n.oid = c.relnamespace WHERE n.nspname = current_schema()"
	    " AND c.relkind IN ('r', 'v', 'p', 'm', 'f'))", "")) != SR_OK)
		return status;
	if (strcmp(s->pq.getvalue(res, 0, 0), "t") != 0) {
		*empty = num(s, res, 0, 1) == 0;
		s->pq.clear(res);
		if (!*empty)
			return store_fail(why, SR_SYSTEM, "'%s' is not a "
			    "shakeref database", s->name);
		return SR_OK;
	}
	s->pq.clear(res);
	if ((status = q(s, &res, why, SCHEMA_SQL, "")) != SR_OK)
		return status;
	return schema_known(s, res, version, why);
}

/*
 * The version read at open with the command's first statements (see
 * pg_open): current, or the failure pg_open would have told.  No table
 * meta: the transaction begun is rolled back, then the database looked
 * at (empty: no database; another program's).
 */
static int
schema_judge(struct pgstore *s, char **why)
{
	PGresult *res = s->schema_res, *err = s->schema_err;
	const char *state;
	int status, version, empty;

	s->unverified = 0;
	s->schema_res = NULL;
	s->schema_err = NULL;
	if (res != NULL)
		return schema_known(s, res, &version, why);
	state = err != NULL ? s->pq.result_error_field(err,
	    PG_DIAG_SQLSTATE) : NULL;
	if (state == NULL || (strcmp(state, "42P01") != 0 &&
	    strcmp(state, "22P02") != 0)) {
		status = fail_pg(s, err, why);
		if (err != NULL)
			s->pq.clear(err);
		return status;
	}
	s->pq.clear(err);
	/* What failed after it failed for want of the schema. */
	fail_take(s, NULL);
	if (s->intx) {
		rollback_send(s);
		s->intx = 0;
	}
	seen_forget(s);
	if ((status = schema_version(s, 0, &version, &empty, why)) != SR_OK)
		return status;
	if (version == 0)
		return store_fail(why, SR_DATA, "no database at '%s'; "
		    "'shakeref new' creates it", s->name);
	if (version > PG_NMIGRATIONS)
		return newer(s, version, why);
	if (version != PG_NMIGRATIONS)
		/*
		 * Not the version this table saw last (restored from an
		 * older copy, or migrated by a newer shakeref): nothing of
		 * this command was kept; the next one looks first.
		 */
		return store_fail(why, SR_SYSTEM, "league '%s' changed its "
		    "schema (now %d) since this table last used it; try "
		    "again", s->name, version);
	/* Made meanwhile by another table: this transaction is gone. */
	return store_fail(why, SR_SYSTEM, "league '%s' is locked by another "
	    "shakeref; try again", s->name);
}

/* The version in res (meta's 'schema' row), read and freed; see above. */
static int
schema_known(struct pgstore *s, PGresult *res, int *version, char **why)
{
	if (s->pq.ntuples(res) != 1) {
		s->pq.clear(res);
		return store_fail(why, SR_SYSTEM, "'%s' is not a shakeref "
		    "database", s->name);
	}
	*version = (int)num(s, res, 0, 0);
	s->pq.clear(res);
	if (*version <= 0)
		return store_fail(why, SR_SYSTEM, "league '%s' has an unknown "
		    "schema version %d; it is not a shakeref database", s->name,
		    *version);
	if (*version > PG_NMIGRATIONS)
		return newer(s, *version, why);
	return SR_OK;
}

/*
 * Run migration v.  The schema is its owner's to make and to migrate
 * (README "Club league"): the tables' role, refused the right, is told
 * so, and who does it.
 */
static int
migrate_step(struct pgstore *s, int v, char **why)
{
	int status;

	if ((status = script(s, pg_migrations[v], why)) == SR_OK ||
	    strcmp(s->state, "42501") != 0 ||
	    s->pq.status(s->conn) != CONNECTION_OK)
		return status;
	if (why != NULL) {
		free(*why);
		*why = NULL;
	}
	if (v == 0)
		return store_fail(why, SR_SYSTEM, "league '%s' has no schema "
		    "yet, and this role may not make it: its owner makes it (a "
		    "first 'shakeref import' or 'new' as the role that owns "
		    "the database)", s->name);
	return store_fail(why, SR_SYSTEM, "league '%s' has schema %d, which "
	    "this shakeref migrates to %d as the schema's owner alone: run "
	    "it once as that role", s->name, v, PG_NMIGRATIONS);
}

/*
 * Bring the schema to date in one transaction, under the advisory lock
 * (another table may be doing the same): created in an empty database,
 * migrated from an older version.  An older one's transaction stays
 * open for the caller's rebuild of the summaries (store_migrated).
 */
static int
migrate(struct pgstore *s, int create, char **why)
{
	char sql[160];
	int status, version, empty, v;

	s->intx = 1;
	if ((status = exec(s, "BEGIN", why)) != SR_OK ||
	    (status = exec(s, "SELECT pg_advisory_xact_lock("
	    STORE_PG_CATALOG ")", why)) != SR_OK ||
	    (status = schema_version(s, 0, &version, &empty, why)) != SR_OK)
		goto out;
	if (version == PG_NMIGRATIONS)
		return pg_commit(&s->base, why);
	if (version == 0 && !create) {
		status = store_fail(why, SR_DATA, "no database at '%s'; "
		    "'shakeref new' creates it", s->name);
		goto out;
	}
	for (v = version; v < PG_NMIGRATIONS; v++)
		if ((status = migrate_step(s, v, why)) != SR_OK)
			goto out;
	snprintf(sql, sizeof sql, "INSERT INTO meta(key, value) VALUES "
	    "('schema', '%d') ON CONFLICT(key) DO UPDATE SET value = "
	    "excluded.value", PG_NMIGRATIONS);
	if ((status = exec(s, sql, why)) != SR_OK)
		goto out;
	/*
	 * The transaction stays open: an older schema's for the caller to
	 * rebuild the summaries in it (store_migrated()); a new one's for
	 * the command that made it (new, import) to write its games in
	 * it, so that a refused import leaves the database empty.
	 */
	s->migrated = version > 0;
	s->creating = version == 0;
	s->write = 1;
	s->catalog = 1;
	return SR_OK;
out:
	pg_rollback(&s->base);
	return status;
}

/*
 * A league keeps every name a file does: its database's encoding must
 * hold all of Unicode (UTF8).  Another (LATIN1, WIN1252 ...) would
 * refuse some names mid-evening; SQL_ASCII takes any bytes, checks
 * none, and one stored byte that is not UTF-8 then breaks history,
 * check and export: refused at once instead.  The server says it at
 * connection: no round trip.
 */
static int
server_encoding(struct pgstore *s, char **why)
{
	const char *enc = s->pq.parameter_status(s->conn, "server_encoding");

	if (enc == NULL || strcmp(enc, "UTF8") == 0)
		return SR_OK;
	return store_fail(why, SR_SYSTEM, "league '%s' keeps its text in "
	    "%.32s, not UTF8; make it with CREATE DATABASE ... ENCODING "
	    "'UTF8' TEMPLATE template0", s->name, enc);
}

/*
 * libpq writes a few warnings to stderr itself, past any notice
 * processor (a password file open to others, which it then ignores):
 * caught while it connects, so that a command's stderr stays one line.
 * stderr_catch() sends fd 2 to a temporary file (the saved fd, or -1:
 * nothing caught); stderr_release() puts it back and gives the first
 * line caught, malloc'd, or NULL.
 */
static int
stderr_catch(FILE **tmp)
{
	int saved;

	(void)fflush(stderr);
	if ((*tmp = tmpfile()) == NULL)
		return -1;
	if ((saved = dup(2)) == -1 || dup2(fileno(*tmp), 2) == -1) {
		if (saved != -1)
			close(saved);
		fclose(*tmp);
		*tmp = NULL;
		return -1;
	}
	return saved;
}

static char *
stderr_release(int saved, FILE *tmp)
{
	char line[512], *said = NULL;

	if (saved == -1)
		return NULL;
	(void)fflush(stderr);
	(void)dup2(saved, 2);
	close(saved);
	rewind(tmp);
	if (fgets(line, sizeof line, tmp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] != '\0')
			said = xstrdup(line);
	}
	fclose(tmp);
	return said;
}

/* Open the league at uri; see store.h's store_open. */
static int
pg_open(const char *uri, const char *client_dir, int create,
    struct store **sp, char **why)
{
	static const char *const keys[] = {
		"dbname", "options", "application_name", "client_encoding",
		"connect_timeout", NULL
	};
	const char *vals[6];
	char secs[24];
	struct buf opts = BUF_INIT;
	struct pgstore *s;
	char *own = NULL, *said;
	FILE *caught = NULL;
	int saved;
	int status, version, empty;
	size_t i;

	*sp = NULL;
	s = xcalloc(1, sizeof *s);
	if ((status = pq_load(&s->pq, why)) != SR_OK) {
		free(s);
		return status;
	}
	/* The scheme in lower case, as libpq reads it (RFC 3986: any case). */
	s->uri = xstrdup(uri);
	for (i = 0; s->uri[i] != '\0' && s->uri[i] != ':'; i++)
		if (s->uri[i] >= 'A' && s->uri[i] <= 'Z')
			s->uri[i] = (char)(s->uri[i] - 'A' + 'a');
	uri = s->uri;
	s->client = client_dir != NULL ? xstrdup(client_dir) : NULL;
	if ((status = uri_parts(&s->pq, uri, &s->name, &own, &s->timeout,
	    why)) != SR_OK) {
		free(own);
		pg_close(&s->base);
		return status;
	}
	/*
	 * The URI's own settings first, then ours: an entry is durable on
	 * the server before it is acknowledged, whatever the server's
	 * default; shakeref's text is UTF-8, whatever PGCLIENTENCODING
	 * says (else one table's LATIN1 turns Zoë into ZoÃ« for the
	 * others).  Credentials come from libpq's own sources alone.  The
	 * URI's options= (or PGOPTIONS) are kept, before ours, which win.
	 */
	if (own != NULL)
		buf_printf(&opts, "%s ", own);
	free(own);
	buf_puts(&opts, "-c synchronous_commit=on -c lock_timeout=" PG_LOCK_MS);
	vals[0] = uri;
	vals[1] = opts.s;
	vals[2] = "shakeref";
	vals[3] = "UTF8";
	/* libpq waits 2 seconds at least (and 0: for ever). */
	if (s->timeout > 0 && s->timeout < 2)
		s->timeout = 2;
	snprintf(secs, sizeof secs, "%d", s->timeout);
	vals[4] = secs;
	vals[5] = NULL;
	s->wait_ms = s->timeout > 0 ? (s->timeout +
	    atoi(PG_LOCK_MS) / 1000) * 1000 : 0;
	saved = stderr_catch(&caught);
	s->conn = s->pq.connectdb_params(keys, vals, 1);
	said = stderr_release(saved, caught);
	buf_free(&opts);
	if (s->conn == NULL || s->pq.status(s->conn) != CONNECTION_OK) {
		char *line = first_line(s->conn != NULL ?
		    s->pq.error_message(s->conn) : "out of memory");

		if (said != NULL)
			status = store_fail(why, SR_SYSTEM, "cannot connect to "
			    "the league '%s': %s; libpq also said: %s",
			    s->name, line, said);
		else
			status = store_fail(why, SR_SYSTEM, "cannot connect to "
			    "the league '%s': %s", s->name, line);
		free(line);
		free(said);
		pg_close(&s->base);
		return status;
	}
	free(said);
	s->pq.set_notice_processor(s->conn, quiet, NULL);
	if ((status = server_encoding(s, why)) != SR_OK) {
		pg_close(&s->base);
		return status;
	}
	s->pipe = s->pq.enter_pipeline != NULL &&
	    s->pq.enter_pipeline(s->conn);
	/*
	 * A command that makes nothing, at a table that saw this league
	 * at the current version last, asks the version with its first
	 * statement (after BEGIN: schema_send), one round trip fewer; the
	 * first sync judges it (schema_judge).  Else it is asked here, and
	 * a league at an older version migrated, with the caller's rebuild
	 * after (store_migrated).
	 */
	if (s->pipe && !create && seen_version(s) == PG_NMIGRATIONS) {
		s->unverified = 1;
		s->schema_unsent = 1;
		*sp = &s->base;
		return SR_OK;
	}
	if ((status = schema_version(s, 1, &version, &empty, why)) != SR_OK ||
	    (version < PG_NMIGRATIONS &&
	    (status = migrate(s, create, why)) != SR_OK)) {
		pg_close(&s->base);
		return status;
	}
	if (version == PG_NMIGRATIONS)
		seen_keep(s);
	*sp = &s->base;
	return SR_OK;
}

/* Close the connection; see store.h. */
static void
pg_close(struct store *st)
{
	struct pgstore *s = (struct pgstore *)st;

	if (s == NULL)
		return;
	/*
	 * A rollback's results read before the end (the server answers a
	 * client that left with "connection to client lost" in its log):
	 * sent long since, they are there by now.
	 */
	if (s->conn != NULL && s->pipe && s->nowed > 0 &&
	    s->pq.status(s->conn) == CONNECTION_OK)
		drain(s);
	txn_forget(s);
	free(s->fail_why);
	if (s->conn != NULL)
		s->pq.finish(s->conn);
	/* libpq stays loaded: its atexit handlers (OpenSSL) may run. */
	free(s->uri);
	free(s->name);
	free(s->client);
	free(s->notice_path);
	free(s);
}

static int	current_write(struct pgstore *, long long, char **);
static int	game_locked(const struct pgstore *, long long);
static void	game_locked_now(struct pgstore *, long long);

/* The transaction over: nothing of it kept. */
static void
txn_end(struct pgstore *s)
{
	s->intx = 0;
	s->write = 0;
	s->nlocked = 0;
	s->catalog = 0;
	s->creating = 0;
	s->notified = 0;
	s->nowait = 0;
	txn_forget(s);
}

/*
 * Begin: READ COMMITTED with game locks for writes, a snapshot for reads.
 * BEGIN is only sent (it goes with the transaction's first read); a
 * connection already gone says so here (play connects again).
 */
static int
pg_begin(struct store *st, int write, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status, nowait;

	/* The schema just made is written in the same transaction. */
	if (s->creating) {
		s->creating = 0;
		return SR_OK;
	}
	nowait = s->nowait;
	txn_end(s);
	s->nowait = nowait && write;
	s->busy = 0;
	s->doubt = 0;
	if (s->pipe && pg_lost(st))
		return fail_pg(s, NULL, why);
	s->intx = 1;
	send_q(s, NULL, write ? "BEGIN" :
	    "BEGIN ISOLATION LEVEL REPEATABLE READ", "");
	if ((!s->pipe || s->fail != SR_OK) &&
	    (status = sync_take(s, NULL, why)) != SR_OK) {
		s->intx = 0;
		return status;
	}
	s->write = write;
	return SR_OK;
}

/*
 * Commit: durable on the server when it returns SR_OK.  Every statement
 * sent and owed goes with COMMIT, and is read before it.
 */
static int
pg_commit(struct store *st, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res = NULL;
	int status, sent;

	/*
	 * The connection lost once COMMIT may have left (it runs when it
	 * arrives, not at the sync): done or not, only a look after
	 * connecting again tells (store_in_doubt).  A write's only: a
	 * read's COMMIT keeps nothing.
	 */
	sent = s->write && s->pq.status(s->conn) == CONNECTION_OK;
	s->doubt = 0;
	send_q(s, &res, "COMMIT", "");
	status = sync_take(s, &res, why);
	/* A failed transaction's COMMIT succeeds as a ROLLBACK. */
	if (status == SR_OK && strcmp(s->pq.cmd_status(res), "COMMIT") != 0)
		status = store_fail(why, SR_SYSTEM, "league '%s': the "
		    "transaction was rolled back", s->name);
	if (res != NULL)
		s->pq.clear(res);
	if (status != SR_OK && sent && pg_lost(st))
		s->doubt = 1;
	/* A statement failed before COMMIT, which the server skipped. */
	if (status != SR_OK && s->pipe &&
	    s->pq.status(s->conn) == CONNECTION_OK)
		rollback_send(s);
	txn_end(s);
	/* The current game set in the transaction: its game now exists. */
	if (s->has_current && status == SR_OK)
		status = current_write(s, s->current, why);
	s->has_current = 0;
	return status;
}

/* Roll back whatever is open (in pipeline mode, without waiting). */
static void
pg_rollback(struct store *st)
{
	struct pgstore *s = (struct pgstore *)st;

	if (s->pq.status(s->conn) == CONNECTION_OK) {
		if (s->pipe) {
			if (s->intx)
				rollback_send(s);
		} else if (s->pq.transaction_status(s->conn) != PQTRANS_IDLE)
			exec(s, "ROLLBACK", NULL);
	}
	fail_take(s, NULL);
	txn_end(s);
	s->has_current = 0;
}

/*
 * In a write transaction, lock game's row before anything of it is read
 * or written: a second table's write to the game waits here until the
 * first commits, then reads what it wrote.  Once per game per
 * transaction.
 */
static int
lock_game(struct pgstore *s, long long game, char **why)
{
	if (!s->write || game == 0 || game_locked(s, game))
		return SR_OK;
	game_locked_now(s, game);
	return q(s, NULL, why, "SELECT 1 FROM games WHERE id = $1 FOR UPDATE",
	    "I", game);
}

/* 1 if this write transaction has locked game's row. */
static int
game_locked(const struct pgstore *s, long long game)
{
	int i;

	for (i = 0; i < s->nlocked; i++)
		if (s->locked[i] == game)
			return 1;
	return 0;
}

/*
 * Remember that game's row is locked: the last PG_LOCKED games (a
 * transaction over more, check's, locks an older one again: a no-op
 * for the server, one round trip).
 */
static void
game_locked_now(struct pgstore *s, long long game)
{
	s->locked[s->nlocks++ % PG_LOCKED] = game;
	if (s->nlocked < PG_LOCKED)
		s->nlocked++;
}

/* In a write transaction, take the lock around players and tallies. */
static int
lock_catalog(struct pgstore *s, char **why)
{
	if (!s->write || s->catalog)
		return SR_OK;
	s->catalog = 1;
	return exec(s, "SELECT pg_advisory_xact_lock(" STORE_PG_CATALOG ")",
	    why);
}

/* The current game's file under the client's state folder. */
static char *
current_file(struct pgstore *s)
{
	return client_file(s, "current");
}

/* The current game of this table, or 0. */
static int
pg_current(struct store *st, long long *id, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	char *path = current_file(s), line[64];
	FILE *f;

	*id = 0;
	if (s->has_current) {
		free(path);
		*id = s->current;
		return SR_OK;
	}
	/* No game to name: the league itself may be missing (pg_open). */
	if (path == NULL)
		return s->unverified ? sync_take(s, NULL, why) : SR_OK;
	if ((f = fopen(path, "r")) == NULL) {
		free(path);
		if (errno == ENOENT)
			return s->unverified ? sync_take(s, NULL, why) : SR_OK;
		return store_fail(why, SR_SYSTEM, "cannot read this table's "
		    "current game of the league '%s': %s", s->name,
		    strerror(errno));
	}
	if (fgets(line, sizeof line, f) != NULL)
		*id = strtoll(line, NULL, 10);
	fclose(f);
	free(path);
	if (*id < 0)
		*id = 0;
	return *id == 0 && s->unverified ? sync_take(s, NULL, why) : SR_OK;
}

/* Keep id as the current game in the client's file (written whole). */
static int
current_write(struct pgstore *s, long long id, char **why)
{
	char *path = current_file(s), line[32];
	int status = SR_OK;

	if (path == NULL)
		return store_fail(why, SR_SYSTEM, "no folder for this table's "
		    "current game: set XDG_STATE_HOME or HOME");
	snprintf(line, sizeof line, "%lld\n", id);
	if (client_put(path, line, 1) != 0)
		status = store_fail(why, SR_SYSTEM, "cannot keep this table's "
		    "current game in '%s': %s", path, strerror(errno));
	free(path);
	return status;
}

/*
 * Make id this table's current game: at once, or in a transaction when
 * it commits (a game made in it exists only then).
 */
static int
pg_set_current(struct store *st, long long id, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	if (!s->intx)
		return current_write(s, id, why);
	s->current = id;
	s->has_current = 1;
	return SR_OK;
}

/* The entry columns, in entry_row()'s order. */
#define ENTRY_COLUMNS	"e.n, e.player, e.verb, e.args, e.fact, e.at"

/* The game's last entry, for snapshot_key(). */
#define LAST_ENTRY_SQL	"SELECT " ENTRY_COLUMNS " FROM entries e" \
	" WHERE e.game_id = $1 ORDER BY e.n DESC LIMIT 1"

/* Game $1's snapshot (columns 0-3) and its last entry (4-9): one row. */
#define SNAP_READ_SQL	"SELECT sn.n, sn.format, sn.key, sn.state, " \
	ENTRY_COLUMNS " FROM (SELECT 1) one" \
	" LEFT JOIN snapshots sn ON sn.game_id = $1" \
	" LEFT JOIN LATERAL (" LAST_ENTRY_SQL ") e ON true"

/*
 * The same, for a write (a move asks for the undo cache's head next),
 * with the undo head if it was stored with that snapshot (10-12).
 */
#define SNAP_SQL	"SELECT sn.n, sn.format, sn.key, sn.state, " \
	ENTRY_COLUMNS ", h.depth, h.nundone, CASE WHEN h.game_id IS NOT" \
	" NULL THEN (SELECT count(*) FROM undo_states WHERE game_id = $1" \
	" AND kind = 1) END FROM (SELECT 1) one" \
	" LEFT JOIN snapshots sn ON sn.game_id = $1" \
	" LEFT JOIN LATERAL (" LAST_ENTRY_SQL ") e ON true" \
	" LEFT JOIN undo_heads h ON h.game_id = $1 AND h.n = sn.n" \
	" AND h.key = sn.key"

/* SNAP_SQL in a write, else SNAP_READ_SQL. */
#define SNAP_SQL_FOR(s)	((s)->write ? SNAP_SQL : SNAP_READ_SQL)

/* The columns game_row() reads, in its order. */
#define GAME_COLUMNS	"g.id, g.rules, g.title, g.options, g.created, " \
	"g.finished, g.uid, g.title0"

/* Fill g from row r of GAME_COLUMNS. */
static void
game_row(struct pgstore *s, PGresult *res, int r, struct store_game *g)
{
	memset(g, 0, sizeof *g);
	g->id = num(s, res, r, 0);
	g->rules = text_dup(s, res, r, 1);
	g->title = text_dup(s, res, r, 2);
	g->options = text_dup(s, res, r, 3);
	g->created = num(s, res, r, 4);
	g->finished = (int)num(s, res, r, 5);
	g->uid = text_dup(s, res, r, 6);
	g->title0 = text_dup(s, res, r, 7);
}

/* The next write's game lock not waited for; see store.h. */
static int
pg_try_write(struct store *st)
{
	((struct pgstore *)st)->nowait = 1;
	return 1;
}

/* The last failure was a lock another held; see store.h. */
static int
pg_busy(const struct store *st)
{
	return ((const struct pgstore *)st)->busy;
}

/* A game's row and its seats (then a lock: pg_game_load). */
#define GAME_SQL	"SELECT " GAME_COLUMNS ", s.name, s.name0 FROM games g" \
	" LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = $1" \
	" ORDER BY s.seat"

/* Load game id and its seats. */
static int
pg_game_load(struct store *st, long long id, struct store_game *g,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res = NULL, *pre = NULL;
	int status, i, n;

	memset(g, 0, sizeof *g);
	/*
	 * In a write, the game's row locked by this very read; with
	 * store_try_write(), not waited for if another holds it.
	 */
	send_q(s, &res, !s->write || game_locked(s, id) ? GAME_SQL :
	    s->nowait ? GAME_SQL " FOR UPDATE OF g NOWAIT" :
	    GAME_SQL " FOR UPDATE OF g", "I", id);
	/*
	 * In a transaction, its snapshot and undo head read ahead in the
	 * same round trip: status and a move ask for them next.
	 */
	if (s->pipe && s->intx)
		send_q(s, &pre, SNAP_SQL_FOR(s), "I", id);
	status = sync_take(s, &res, why);
	/* lock_not_available: another's, not waited for. */
	s->busy = status != SR_OK && s->nowait &&
	    strcmp(s->state, "55P03") == 0;
	s->nowait = 0;
	if (status != SR_OK) {
		if (pre != NULL)
			s->pq.clear(pre);
		return status;
	}
	s->pre = pre;
	s->pre_game = id;
	s->pre_undo = s->write;
	if (s->write && s->pq.ntuples(res) > 0)
		game_locked_now(s, id);
	if ((n = s->pq.ntuples(res)) == 0) {
		s->pq.clear(res);
		return store_fail(why, SR_DATA, "no game %lld", id);
	}
	game_row(s, res, 0, g);
	for (i = 0; i < n && g->nplayers < GAME_MAX_PLAYERS; i++)
		if (!s->pq.getisnull(res, i, 8)) {
			g->names[g->nplayers] = text_dup(s, res, i, 8);
			g->names0[g->nplayers++] = text_dup(s, res, i, 9);
		}
	s->pq.clear(res);
	return SR_OK;
}

/* Fill se from row r of ENTRY_COLUMNS at column c; 0 or -1. */
static int
entry_row(struct pgstore *s, PGresult *res, int r, int c,
    struct stored_entry *se)
{
	const char *verb = val(s, res, r, c + 2);
	int v;

	memset(se, 0, sizeof *se);
	se->n = (int)num(s, res, r, c);
	se->player = text_dup(s, res, r, c + 1);
	se->fact = text_dup(s, res, r, c + 4);
	se->at = num(s, res, r, c + 5);
	v = verb != NULL ? verb_lookup(verb) : -1;
	if (v < 0 || store_args_decode(val(s, res, r, c + 3), se) != 0)
		return -1;
	se->verb = (enum verb)v;
	return 0;
}

/* Load entry n of game id. */
static int
pg_entry_load(struct store *st, long long id, int n,
    struct stored_entry *se, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	memset(se, 0, sizeof *se);
	if ((status = lock_game(s, id, why)) != SR_OK ||
	    (status = q(s, &res, why, "SELECT " ENTRY_COLUMNS " FROM entries e"
	    " WHERE e.game_id = $1 AND e.n = $2", "Ii", id, n)) != SR_OK)
		return status;
	if (s->pq.ntuples(res) == 0) {
		s->pq.clear(res);
		return store_fail(why, SR_DATA, "game %lld has no entry %d", id,
		    n);
	}
	if (entry_row(s, res, 0, 0, se) != 0) {
		s->pq.clear(res);
		stored_entry_clear(se);
		return store_fail(why, SR_DATA, "game %lld has an entry this "
		    "shakeref cannot read", id);
	}
	s->pq.clear(res);
	return SR_OK;
}

/*
 * Game id's entries into a malloc'd array, or each to fn (0 to go on);
 * with notes, each with its round, note and undone, and *complete 0 at
 * the first that has none; see store.c's entries_scan.
 */
static int
entries_scan(struct pgstore *s, long long id, int notes,
    int (*fn)(void *, const struct stored_entry *), void *arg,
    struct stored_entry **ep, int *np, int *complete, char **why)
{
	struct stored_entry one, *e = NULL, *se;
	PGresult *res;
	int status, rows, r, n = 0, bad = 0;

	if (ep != NULL)
		*ep = NULL;
	*np = 0;
	*complete = 1;
	if ((status = lock_game(s, id, why)) != SR_OK ||
	    (status = q(s, &res, why, notes ?
	    "SELECT " ENTRY_COLUMNS ", t.n, t.round, t.note, t.undone"
	    " FROM entries e LEFT JOIN entry_notes t ON t.game_id = e.game_id"
	    " AND t.n = e.n WHERE e.game_id = $1 ORDER BY e.n" :
	    "SELECT " ENTRY_COLUMNS " FROM entries e WHERE e.game_id = $1"
	    " ORDER BY e.n", "I", id)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	if (fn == NULL)
		e = xcalloc((size_t)rows + 1, sizeof *e);
	for (r = 0; r < rows; r++) {
		if (notes && s->pq.getisnull(res, r, 6)) {
			*complete = 0;
			break;
		}
		se = fn != NULL ? &one : &e[n];
		if (entry_row(s, res, r, 0, se) != 0) {
			stored_entry_clear(se);
			bad = 1;
			break;
		}
		if (notes) {
			se->round = (int)num(s, res, r, 7);
			se->note = text_dup(s, res, r, 8);
			se->undone = num(s, res, r, 9) != 0;
		}
		n++;
		if (fn != NULL) {
			status = fn(arg, se);
			stored_entry_clear(se);
			if (status != 0)
				break;
		}
	}
	s->pq.clear(res);
	if (fn != NULL) {
		if (!bad)
			*np = n;
		n = 0;
	}
	return store_entries_end(id, SR_OK, bad, *complete && fn == NULL, e,
	    n, ep, np, why);
}

/* Load a game's entries. */
static int
pg_entries_load(struct store *st, long long id,
    struct stored_entry **ep, int *np, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int complete;

	return entries_scan(s, id, 0, NULL, NULL, ep, np, &complete, why);
}

/* Each entry with its note to fn, while it has one; see store.h. */
static int
pg_history_scan(struct store *st, long long id,
    int (*fn)(void *, const struct stored_entry *), void *arg, int *n,
    int *complete, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return entries_scan(s, id, 1, fn, arg, NULL, n, complete, why);
}

/* The number of game id's latest entry (0 if none). */
static int
pg_last_n(struct store *st, long long id, int *n, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*n = 0;
	if ((status = lock_game(s, id, why)) != SR_OK ||
	    (status = q(s, &res, why, "SELECT coalesce(max(n), 0) FROM entries"
	    " WHERE game_id = $1", "I", id)) != SR_OK)
		return status;
	*n = (int)num(s, res, 0, 0);
	s->pq.clear(res);
	return SR_OK;
}

/* The id of the player called name (ASCII case folded), created if new. */
static int
player_id(struct pgstore *s, const char *name, long long *id, char **why)
{
	PGresult *res;
	int status;

	if ((status = lock_catalog(s, why)) != SR_OK ||
	    (status = q(s, &res, why, "WITH i AS (INSERT INTO players(name)"
	    " VALUES ($1) ON CONFLICT (shakeref_nocase(name)) DO NOTHING"
	    " RETURNING id) SELECT id FROM i UNION ALL SELECT id FROM players"
	    " WHERE shakeref_nocase(name) = shakeref_nocase($1)", "t",
	    name)) != SR_OK)
		return status;
	if (s->pq.ntuples(res) < 1) {
		s->pq.clear(res);
		return store_fail(why, SR_SYSTEM, "league '%s': no player row "
		    "for a name", s->name);
	}
	*id = num(s, res, 0, 0);
	s->pq.clear(res);
	return SR_OK;
}

/*
 * Notify channel 'shakeref' of game's change (watch, serve): sent with
 * the transaction's statements, delivered by the server when it commits
 * (never if it does not); once per game in a row.
 */
static int
notify_game(struct pgstore *s, long long game, char **why)
{
	if (s->notified == game)
		return SR_OK;
	s->notified = game;
	return q(s, NULL, why, "SELECT pg_notify('shakeref', $1)", "I", game);
}

/* Create a game and its seats. */
static int
pg_game_create(struct store *st, struct store_game *g, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	long long pid = 0;
	char *names;
	int status, i;

	if ((status = q(s, &res, why, "INSERT INTO games(rules, title, title0,"
	    " options, created, uid) VALUES ($1, $2, $2, $3, $4,"
	    " coalesce($5, replace(gen_random_uuid()::text, '-', '')))"
	    " RETURNING id", "tttIt", g->rules, g->title, g->options,
	    g->created, g->uid)) != SR_OK)
		return status;
	g->id = num(s, res, 0, 0);
	s->pq.clear(res);
	if (s->write)
		game_locked_now(s, g->id);	/* its own, new */
	if ((status = notify_game(s, g->id, why)) != SR_OK)
		return status;
	for (i = 0; i < g->nplayers; i++)
		if ((status = player_id(s, g->names[i], &pid, why)) != SR_OK ||
		    (status = q(s, NULL, why, "INSERT INTO seats(game_id, seat,"
		    " player_id, name, name0) VALUES ($1, $2, $3, $4, $4)",
		    "IiIt", g->id, i, pid, g->names[i])) != SR_OK)
			return status;
	/* Its creation record (pg_migrations[3]). */
	names = store_names_encode(g);
	status = q(s, NULL, why, "INSERT INTO setups(game_id, rules, options,"
	    " title, created, uid, names) SELECT id, rules, options, title0,"
	    " created, uid, $2 FROM games WHERE id = $1", "It", g->id, names);
	free(names);
	return status;
}

/* Append one entry (its arguments as store_args_encode() writes them). */
static int
pg_entry_append(struct store *st, long long game,
    const struct stored_entry *se, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	char *args;
	int status;

	if ((status = store_args_encode(se, &args, why)) != SR_OK)
		return status;
	if ((status = lock_game(s, game, why)) == SR_OK)
		status = q(s, NULL, why, "INSERT INTO entries(game_id, n,"
		    " player, verb, args, fact, at) VALUES ($1, $2, $3, $4,"
		    " $5, $6, $7)", "IittttI", game, se->n, se->player,
		    verb_name(se->verb), args, se->fact, se->at);
	if (status == SR_OK)
		status = notify_game(s, game, why);
	/*
	 * Its columns as the server gives them back (ENTRY_COLUMNS' text),
	 * for the snapshot's key: the game's last entry, as entries are
	 * appended in order.
	 */
	app_forget(s);
	if (status == SR_OK && s->intx) {
		s->app_game = game;
		s->app[0] = xasprintf("%d", se->n);
		s->app[1] = se->player != NULL ? xstrdup(se->player) : NULL;
		s->app[2] = xstrdup(verb_name(se->verb));
		s->app[3] = args;
		s->app[4] = se->fact != NULL ? xstrdup(se->fact) : NULL;
		s->app[5] = xasprintf("%lld", se->at);
		args = NULL;
	}
	free(args);
	return status;
}

/* The game with this uid, or 0. */
static int
pg_game_by_uid(struct store *st, const char *uid, long long *id,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*id = 0;
	if ((status = q(s, &res, why, "SELECT id FROM games WHERE uid = $1",
	    "t", uid)) != SR_OK)
		return status;
	if (s->pq.ntuples(res) > 0)
		*id = num(s, res, 0, 0);
	s->pq.clear(res);
	return SR_OK;
}

/* Record the names and title now where they changed. */
static int
pg_game_names(struct store *st, long long game,
    const char *const *names, int n, const char *title, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	long long pid;
	int status, i;

	if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, NULL, why, "WITH u AS (UPDATE games SET title = $1"
	    " WHERE id = $2 AND title IS DISTINCT FROM $1 RETURNING id)"
	    " SELECT pg_notify('shakeref', id::text) FROM u", "tI", title,
	    game)) != SR_OK)
		return status;
	for (i = 0; i < n; i++)
		if ((status = player_id(s, names[i], &pid, why)) != SR_OK ||
		    (status = q(s, NULL, why, "UPDATE seats SET name = $1"
		    " WHERE game_id = $3 AND seat = $4 AND"
		    " (name IS DISTINCT FROM $1 OR player_id <> $2)", "tIIi",
		    names[i], pid, game, i)) != SR_OK)
			return status;
	return SR_OK;
}

/* Record the game's summary. */
static int
pg_summary(struct store *st, long long game, int finished,
    const long *scores, const int *winners, int n, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct buf sc = BUF_INIT, wo = BUF_INIT;
	int status, i;

	/* One statement: the state, then every seat (the tallies' order). */
	buf_puts(&sc, "{");
	buf_puts(&wo, "{");
	for (i = 0; i < n; i++) {
		buf_printf(&sc, "%s%ld", i > 0 ? "," : "", scores[i]);
		buf_printf(&wo, "%s%d", i > 0 ? "," : "",
		    finished && winners[i] ? 1 : 0);
	}
	buf_puts(&sc, "}");
	buf_puts(&wo, "}");
	if ((status = lock_game(s, game, why)) == SR_OK &&
	    (status = q(s, NULL, why, "WITH u AS (UPDATE games SET"
	    " finished = $1 WHERE id = $2 AND finished <> $1 RETURNING id)"
	    " SELECT pg_notify('shakeref', id::text) FROM u", "iI",
	    finished, game)) == SR_OK)
		status = q(s, NULL, why, "UPDATE seats s SET score = v.score,"
		    " won = v.won FROM unnest($2::bigint[], $3::integer[])"
		    " WITH ORDINALITY AS v(score, won, i) WHERE s.game_id = $1"
		    " AND s.seat = v.i - 1 AND (s.score <> v.score OR"
		    " s.won <> v.won)", "Itt", game, buf_str(&sc),
		    buf_str(&wo));
	buf_free(&sc);
	buf_free(&wo);
	return status;
}

/* List games, oldest first; all: finished ones too. */
static int
pg_games(struct store *st, int all,
    int (*fn)(void *, const struct store_game *, long), void *arg,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	struct store_game g;
	int status, rows, r, have = 0, stop = 0;

	if ((status = q(s, &res, why, all ?
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " ORDER BY g.id, s.seat" :
	    "SELECT " GAME_COLUMNS ", s.name, s.name0"
	    " FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.finished = 0 ORDER BY g.id, s.seat", "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	memset(&g, 0, sizeof g);
	for (r = 0; r < rows && !stop; r++) {
		if (have && g.id != num(s, res, r, 0)) {
			stop = fn(arg, &g, -1) != 0;
			store_game_clear(&g);
			have = 0;
			if (stop)
				break;
		}
		if (!have) {
			game_row(s, res, r, &g);
			have = 1;
		}
		if (g.nplayers < GAME_MAX_PLAYERS) {
			g.names[g.nplayers] = text_dup(s, res, r, 8);
			g.names0[g.nplayers++] = text_dup(s, res, r, 9);
		}
	}
	if (have && !stop)
		fn(arg, &g, -1);
	store_game_clear(&g);
	s->pq.clear(res);
	return SR_OK;
}

/* Per player and rules over finished games. */
static int
pg_tallies(struct store *st,
    int (*fn)(void *, const struct store_tally *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct store_tally t;
	PGresult *res;
	int status, rows, r;

	if ((status = q(s, &res, why, "SELECT p.name, t.rules, t.played,"
	    " t.won FROM tallies t JOIN players p ON p.id = t.player_id"
	    " WHERE t.played > 0 ORDER BY p.id, t.rules", "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++) {
		t.name = val(s, res, r, 0);
		t.rules = val(s, res, r, 1);
		t.played = (long)num(s, res, r, 2);
		t.won = (long)num(s, res, r, 3);
		if (fn(arg, &t) != 0)
			break;
	}
	s->pq.clear(res);
	return SR_OK;
}

/*
 * Finished games with their seats' scores now, in the order they
 * finished (their last entry's time, then id): one statement, a row per
 * seat.
 */
static int
pg_results(struct store *st, const char *rules,
    int (*fn)(void *, const struct store_result *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct store_result r;
	PGresult *res;
	int status, rows, i, seat;

	if ((status = q(s, &res, why, "SELECT g.id, g.rules, e.at, e.n,"
	    " s.seat, s.name, s.score, s.won FROM games g CROSS JOIN LATERAL"
	    " (SELECT n, at FROM entries WHERE game_id = g.id ORDER BY n DESC"
	    " LIMIT 1) e JOIN seats s ON s.game_id = g.id"
	    " WHERE g.finished = 1 AND ($1::text IS NULL OR g.rules = $1)"
	    " ORDER BY e.at, g.id, s.seat", "t", rules)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	memset(&r, 0, sizeof r);
	for (i = 0; i <= rows; i++) {
		if (i > 0 && (i == rows || r.game != num(s, res, i, 0)) &&
		    fn(arg, &r) != 0)
			break;
		if (i == rows)
			break;
		if (i == 0 || r.game != num(s, res, i, 0)) {
			memset(&r, 0, sizeof r);
			r.game = num(s, res, i, 0);
			snprintf(r.rules, sizeof r.rules, "%s",
			    val(s, res, i, 1));
			r.at = num(s, res, i, 2);
			r.last = (int)num(s, res, i, 3);
		}
		seat = (int)num(s, res, i, 4);
		if (seat == r.nplayers && seat < GAME_MAX_PLAYERS) {
			snprintf(r.names[seat], sizeof r.names[seat], "%s",
			    val(s, res, i, 5));
			r.won[seat] = (int)num(s, res, i, 7);
			r.scores[r.nplayers++] = (long)num(s, res, i, 6);
		}
	}
	s->pq.clear(res);
	return SR_OK;
}

/*
 * A string as SQLite's json_object() writes it: '"' and '\\' escaped,
 * \b \t \n \f \r, other controls \u00xx; everything else as it is.
 */
static void
json_str(struct buf *b, const char *t)
{
	const unsigned char *p;

	if (t == NULL) {
		buf_puts(b, "null");
		return;
	}
	buf_puts(b, "\"");
	for (p = (const unsigned char *)t; *p != '\0'; p++) {
		switch (*p) {
		case '"':
		case '\\':
			buf_puts(b, "\\");
			buf_add(b, p, 1);
			break;
		case '\b':
			buf_puts(b, "\\b");
			break;
		case '\t':
			buf_puts(b, "\\t");
			break;
		case '\n':
			buf_puts(b, "\\n");
			break;
		case '\f':
			buf_puts(b, "\\f");
			break;
		case '\r':
			buf_puts(b, "\\r");
			break;
		default:
			if (*p < 0x20)
				buf_printf(b, "\\u00%02x", *p);
			else
				buf_add(b, p, 1);
			break;
		}
	}
	buf_puts(b, "\"");
}

/* A time as the export writes it: "YYYY-MM-DDTHH:MM:SSZ" (UTC). */
static void
json_time(struct buf *b, long long at)
{
	time_t t = (time_t)at;
	struct tm tm;
	char s[32];

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(s, sizeof s, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		buf_puts(b, "null");
	else
		buf_printf(b, "\"%s\"", s);
}

/* JSON text as stored (args, options: jansson's compact), else null. */
static void
json_raw(struct buf *b, const char *t)
{
	buf_puts(b, t != NULL && *t != '\0' ? t : "null");
}

/*
 * One game as SPEC.md's export object, byte for byte as store.c's
 * EXPORT_JSON_SQL makes it: a row of games (GAME_COLUMNS), its seats'
 * and its entries' rows.
 */
static void
export_one(struct pgstore *s, struct buf *b, PGresult *g, int r,
    PGresult *seats, PGresult *ents)
{
	static const char *const state[] = { "active", "finished",
	    "abandoned" };
	int i, fin = (int)num(s, g, r, 5), rows;

	buf_puts(b, "{\"uid\":");
	json_str(b, val(s, g, r, 6));
	buf_puts(b, ",\"rules\":");
	json_str(b, val(s, g, r, 1));
	buf_puts(b, ",\"title\":");
	json_str(b, val(s, g, r, 7));
	buf_puts(b, ",\"options\":");
	json_raw(b, val(s, g, r, 3));
	buf_puts(b, ",\"created\":");
	json_time(b, num(s, g, r, 4));
	buf_printf(b, ",\"state\":\"%s\",\"players\":[",
	    state[fin == 1 || fin == 2 ? fin : 0]);
	rows = s->pq.ntuples(seats);
	for (i = 0; i < rows; i++) {
		if (i > 0)
			buf_puts(b, ",");
		json_str(b, val(s, seats, i, 0));
	}
	buf_puts(b, "],\"entries\":[");
	rows = s->pq.ntuples(ents);
	for (i = 0; i < rows; i++) {
		buf_printf(b, "%s{\"n\":%s,\"player\":", i > 0 ? "," : "",
		    s->pq.getvalue(ents, i, 0));
		json_str(b, val(s, ents, i, 1));
		buf_puts(b, ",\"verb\":");
		json_str(b, val(s, ents, i, 2));
		buf_puts(b, ",\"args\":");
		json_raw(b, val(s, ents, i, 3));
		buf_puts(b, ",\"fact\":");
		json_str(b, val(s, ents, i, 4));
		buf_puts(b, ",\"at\":");
		json_time(b, num(s, ents, i, 5));
		buf_puts(b, "}");
	}
	buf_puts(b, "]}");
}

/* Export games as JSON texts, one game at a time; see store.h. */
static int
pg_export_json(struct store *st, long long id,
    int (*fn)(void *, const char *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *g, *seats, *ents;
	struct buf b = BUF_INIT;
	int status, rows, r, stop = 0;

	if ((status = id != 0 ? q(s, &g, why, "SELECT " GAME_COLUMNS
	    " FROM games g WHERE g.id = $1", "I", id) : q(s, &g, why,
	    "SELECT " GAME_COLUMNS " FROM games g ORDER BY g.id", "")) !=
	    SR_OK)
		return status;
	rows = s->pq.ntuples(g);
	for (r = 0; r < rows && !stop && status == SR_OK; r++) {
		if ((status = q(s, &seats, why, "SELECT name0 FROM seats"
		    " WHERE game_id = $1 ORDER BY seat", "I",
		    num(s, g, r, 0))) != SR_OK)
			break;
		if ((status = q(s, &ents, why, "SELECT n, player, verb, args,"
		    " fact, at FROM entries WHERE game_id = $1 ORDER BY n", "I",
		    num(s, g, r, 0))) != SR_OK) {
			s->pq.clear(seats);
			break;
		}
		buf_reset(&b);
		export_one(s, &b, g, r, seats, ents);
		s->pq.clear(seats);
		s->pq.clear(ents);
		stop = fn(arg, buf_str(&b)) != 0;
	}
	buf_free(&b);
	s->pq.clear(g);
	return status;
}

/* One row per player per game; see store.h. */
static int
pg_export_rows(struct store *st, long long id,
    int (*fn)(void *, const char *const *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	const char *cols[STORE_CSV_COLUMNS];
	PGresult *res;
	int status, rows, r, i;

#define EXPORT_ROWS_SQL \
	"SELECT g.uid, g.created, g.rules, g.title, g.finished, s.name," \
	" s.seat + 1, s.score, 1 + (SELECT count(*) FROM seats t" \
	" WHERE t.game_id = s.game_id AND t.score > s.score), s.won, g.id" \
	" FROM games g JOIN seats s ON s.game_id = g.id"
	if ((status = id != 0 ? q(s, &res, why, EXPORT_ROWS_SQL
	    " WHERE g.id = $1 ORDER BY s.seat", "I", id) : q(s, &res, why,
	    EXPORT_ROWS_SQL " ORDER BY g.id, s.seat", "")) != SR_OK)
		return status;
#undef EXPORT_ROWS_SQL
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++) {
		for (i = 0; i < STORE_CSV_COLUMNS; i++)
			cols[i] = val(s, res, r, i);
		if (fn(arg, cols) != 0)
			break;
	}
	s->pq.clear(res);
	return SR_OK;
}

/*
 * check: the server keeps its own pages; what the schema promises is
 * checked instead: the append-only triggers in place and enabled.
 */
static int
pg_integrity(struct store *st, int (*fn)(void *, const char *),
    void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	if ((status = q(s, &res, why, "SELECT count(*) FROM pg_trigger"
	    " WHERE tgrelid = 'entries'::regclass AND tgenabled <> 'D' AND"
	    " tgname IN ('entries_append_only', 'entries_no_truncate')",
	    "")) != SR_OK)
		return status;
	if (num(s, res, 0, 0) != 2)
		fn(arg, "the entries' append-only triggers are missing or "
		    "disabled");
	s->pq.clear(res);
	return SR_OK;
}

/* Every game's id, oldest first, into a malloc'd array. */
static int
pg_game_ids(struct store *st, long long **ids, int *n, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, r;

	*ids = NULL;
	*n = 0;
	if ((status = q(s, &res, why, "SELECT id FROM games ORDER BY id",
	    "")) != SR_OK)
		return status;
	*n = s->pq.ntuples(res);
	*ids = xcalloc((size_t)*n + 1, sizeof **ids);
	for (r = 0; r < *n; r++)
		(*ids)[r] = num(s, res, r, 0);
	s->pq.clear(res);
	return SR_OK;
}

/* check: game's seats: how many, and whether numbered 0..n-1. */
static int
pg_seats_shape(struct store *st, long long game, int *n,
    int *numbered, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*n = 0;
	*numbered = 1;
	if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, &res, why, "SELECT count(*), coalesce(min(seat), 0),"
	    " coalesce(max(seat), -1) FROM seats WHERE game_id = $1", "I",
	    game)) != SR_OK)
		return status;
	*n = (int)num(s, res, 0, 0);
	*numbered = num(s, res, 0, 1) == 0 && num(s, res, 0, 2) == *n - 1;
	s->pq.clear(res);
	return SR_OK;
}

/* check: rows whose game does not exist (the foreign keys allow none). */
static int
pg_orphans(struct store *st, int drop,
    int (*fn)(void *, const char *, long long, long), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r;

	if ((status = q(s, &res, why, ORPHANS_SQL, "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		fn(arg, val(s, res, r, 0), num(s, res, r, 1),
		    (long)num(s, res, r, 2));
	s->pq.clear(res);
	if (drop)
		return script(s, ORPHANS_DROP_SQL, why);
	return SR_OK;
}

/* check: game's creation record and its seats' players; see store.h. */
static int
pg_setup_record(struct store *st, long long game, struct store_game *rec,
    char **credited, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r, seat;

	if ((status = q(s, &res, why, "SELECT rules, options, title, created,"
	    " uid, names FROM setups WHERE game_id = $1", "I", game)) !=
	    SR_OK)
		return status;
	if (s->pq.ntuples(res) > 0) {
		rec->id = game;
		rec->rules = text_dup(s, res, 0, 0);
		rec->options = text_dup(s, res, 0, 1);
		rec->title0 = text_dup(s, res, 0, 2);
		rec->created = num(s, res, 0, 3);
		rec->uid = text_dup(s, res, 0, 4);
		(void)store_names_decode(val(s, res, 0, 5), rec);
	}
	s->pq.clear(res);
	if ((status = q(s, &res, why, "SELECT s.seat, p.name FROM seats s"
	    " LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = $1",
	    "I", game)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		if ((seat = (int)num(s, res, r, 0)) >= 0 &&
		    seat < GAME_MAX_PLAYERS && credited[seat] == NULL)
			credited[seat] = text_dup(s, res, r, 1);
	s->pq.clear(res);
	return SR_OK;
}

/* The summary stored for game, n seats. */
static int
pg_summary_load(struct store *st, long long game, int *finished,
    long *scores, int *won, int n, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r, seat;

	*finished = 0;
	if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, &res, why, "SELECT g.finished, s.seat, s.score,"
	    " s.won FROM games g JOIN seats s ON s.game_id = g.id"
	    " WHERE g.id = $1 ORDER BY s.seat", "I", game)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++) {
		*finished = (int)num(s, res, r, 0);
		seat = (int)num(s, res, r, 1);
		if (seat >= 0 && seat < n) {
			scores[seat] = (long)num(s, res, r, 2);
			won[seat] = (int)num(s, res, r, 3);
		}
	}
	s->pq.clear(res);
	return SR_OK;
}

/* The tallies as the seats and games give them. */
#define TALLIES_SQL \
	"SELECT s.player_id AS player_id, g.rules AS rules," \
	" count(*) AS played, sum(s.won) AS won FROM seats s" \
	" JOIN games g ON g.id = s.game_id WHERE g.finished = 1" \
	" GROUP BY s.player_id, g.rules"

/* check: each tally that differs from the games' summaries. */
static int
pg_tallies_check(struct store *st,
    int (*fn)(void *, const char *, const char *, long, long, long, long),
    void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r;

	if ((status = q(s, &res, why, "WITH r AS (" TALLIES_SQL "),"
	    " t AS (SELECT player_id, rules, played, won FROM tallies"
	    " WHERE played > 0)"
	    " SELECT p.name, x.rules, x.tp, x.tw, x.rp, x.rw FROM ("
	    " SELECT t.player_id AS pid, t.rules AS rules, t.played AS tp,"
	    " t.won AS tw, coalesce(r.played, 0) AS rp,"
	    " coalesce(r.won, 0) AS rw FROM t LEFT JOIN r"
	    " ON r.player_id = t.player_id AND r.rules = t.rules"
	    " UNION ALL"
	    " SELECT r.player_id, r.rules, 0, 0, r.played, r.won FROM r"
	    " WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.player_id ="
	    " r.player_id AND t.rules = r.rules)) x"
	    " JOIN players p ON p.id = x.pid"
	    " WHERE x.tp <> x.rp OR x.tw <> x.rw ORDER BY p.id, x.rules",
	    "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		if (fn(arg, val(s, res, r, 0), val(s, res, r, 1),
		    (long)num(s, res, r, 2), (long)num(s, res, r, 3),
		    (long)num(s, res, r, 4), (long)num(s, res, r, 5)) != 0)
			break;
	s->pq.clear(res);
	return SR_OK;
}

/* Rebuild the tallies from the games' summaries (in a transaction). */
static int
pg_tallies_rebuild(struct store *st, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = lock_catalog(s, why)) != SR_OK)
		return status;
	if ((status = exec(s, "DELETE FROM tallies", why)) != SR_OK)
		return status;
	return exec(s, "INSERT INTO tallies(player_id, rules, played, won) "
	    TALLIES_SQL, why);
}

/* 1 if pg_open() migrated an older schema. */
static int
pg_migrated(const struct store *st)
{
	const struct pgstore *s = (const struct pgstore *)st;

	return s->migrated;
}

/*
 * The key of a snapshot: a checksum of the game's last entry (each of
 * its six columns' text, v[i] NULL for a NULL, NULL and length first;
 * v NULL: no entry), the format and the state.  See store.c's
 * snapshot_key.
 */
static void
snapshot_key(const char *const *v, const char *format, const void *state,
    size_t len, char key[17])
{
	uint64_t h = STORE_FNV_START;
	int i, null, l;

	for (i = 0; v != NULL && i < 6; i++) {
		null = v[i] == NULL;
		l = null ? 0 : (int)strlen(v[i]);
		h = store_fnv(h, &null, sizeof null);
		h = store_fnv(h, &l, sizeof l);
		h = store_fnv(h, null ? "" : v[i], (size_t)l);
	}
	h = store_fnv(h, format, strlen(format) + 1);
	h = store_fnv(h, state, len);
	snprintf(key, 17, "%016llx", (unsigned long long)h);
}

/*
 * The last entry's columns (ENTRY_COLUMNS) at columns c.. of row 0 of
 * res into v, for snapshot_key(), and its number; 0 and v untouched if
 * there is none.
 */
static int
last_entry(struct pgstore *s, PGresult *res, int c, const char *v[6])
{
	int i;

	if (s->pq.ntuples(res) == 0 || s->pq.getisnull(res, 0, c))
		return 0;
	for (i = 0; i < 6; i++)
		v[i] = val(s, res, 0, c + i);
	return (int)num(s, res, 0, c);
}

/*
 * Game's SNAP_SQL row into s->pre: read ahead by the game's load in this
 * transaction, or read now.
 */
static int
snap_row(struct pgstore *s, long long game, char **why)
{
	PGresult *res;
	int status;

	if (s->pre != NULL && s->pre_game == game)
		return SR_OK;
	if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, &res, why, SNAP_SQL_FOR(s), "I", game)) != SR_OK)
		return status;
	s->pre = res;
	s->pre_game = game;
	s->pre_undo = s->write;
	return SR_OK;
}

/* Load game's snapshot and whether it fits; see store.h. */
static int
pg_snapshot_get(struct store *st, long long game, const char *format,
    struct store_snapshot *sn, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	const char *v[6];
	PGresult *res;
	char key[17];
	int status, n;

	memset(sn, 0, sizeof *sn);
	/* One round trip, or none: the snapshot, the last entry beside it. */
	if ((status = snap_row(s, game, why)) != SR_OK)
		return status;
	res = s->pre;
	if (s->pq.getisnull(res, 0, 1)) {
		sn->fit = STORE_SNAP_MISSING;
		return SR_OK;
	}
	sn->n = (int)num(s, res, 0, 0);
	sn->format = text_dup(s, res, 0, 1);
	sn->key = text_dup(s, res, 0, 2);
	sn->state = blob(s, res, 0, 3, &sn->len);
	if (sn->state == NULL)
		sn->state = xmalloc(1);
	if (strcmp(sn->format, format) != 0) {
		sn->fit = STORE_SNAP_FORMAT;
		return SR_OK;
	}
	n = last_entry(s, res, 4, v);
	snapshot_key(n > 0 ? v : NULL, format, sn->state, sn->len, key);
	sn->last = n;
	if (n != sn->n)
		sn->fit = STORE_SNAP_STALE;
	else if (sn->key == NULL || strcmp(sn->key, key) != 0)
		sn->fit = STORE_SNAP_KEY;
	else
		sn->fit = STORE_SNAP_FITS;
	return SR_OK;
}

/*
 * Store game's snapshot of its entries now; see store.h.  The last
 * entry is the one appended in this transaction, if one was (its
 * columns' text as sent), else read.
 */
static int
pg_snapshot_put(struct store *st, long long game, const char *format,
    const void *state, size_t len, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	const char *v[6];
	PGresult *res = NULL;
	char key[17];
	int status, i, n;

	if (s->app_game == game && game != 0) {
		for (i = 0; i < 6; i++)
			v[i] = s->app[i];
		n = (int)strtol(s->app[0], NULL, 10);
	} else if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, &res, why, LAST_ENTRY_SQL, "I", game)) != SR_OK)
		return status;
	else
		n = last_entry(s, res, 0, v);
	snapshot_key(n > 0 ? v : NULL, format, state, len, key);
	if (res != NULL)
		s->pq.clear(res);
	return q(s, NULL, why, "INSERT INTO snapshots(game_id, n, format, key,"
	    " state) VALUES ($1, $2, $3, $4, $5) ON CONFLICT(game_id) DO"
	    " UPDATE SET n = excluded.n, format = excluded.format,"
	    " key = excluded.key, state = excluded.state", "Iittb", game, n,
	    format, key, state, len);
}

/* Run sql with a game id and up to two ints ($1, $2, $3), game locked. */
static int
exec_gii(struct pgstore *s, const char *sql, const char *types,
    long long game, int a, int b, char **why)
{
	int status;

	if ((status = lock_game(s, game, why)) != SR_OK)
		return status;
	return q(s, NULL, why, sql, types, game, a, b);
}

/* Forget game's snapshot. */
static int
pg_snapshot_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM snapshots WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* The undo head's columns (depth, nundone, kept undone) at c of row r. */
static void
undo_row(struct pgstore *s, PGresult *res, int r, int c,
    struct store_undo *u)
{
	u->depth = (int)num(s, res, r, c);
	u->nundone = (int)num(s, res, r, c + 1);
	u->kept_undone = (int)num(s, res, r, c + 2);
	u->valid = u->depth >= 0 && u->nundone >= 0;
}

/* The undo cache's head, counted only with the snapshot stored now. */
static int
pg_undo_head(struct store *st, long long game, const char *format,
    struct store_undo *u, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct store_snapshot sn;
	PGresult *res;
	int status, fit;

	memset(u, 0, sizeof *u);
	if ((status = pg_snapshot_get(&s->base, game, format, &sn, why)) !=
	    SR_OK)
		return status;
	fit = sn.fit;
	/* In a write, read with the snapshot (SNAP_SQL): still s->pre. */
	res = s->pre;
	if (fit != STORE_SNAP_FITS || res == NULL || s->pre_game != game) {
		store_snapshot_clear(&sn);
		return SR_OK;
	}
	if (!s->pre_undo) {
		status = q(s, &res, why, "SELECT h.depth, h.nundone, (SELECT"
		    " count(*) FROM undo_states WHERE game_id = h.game_id AND"
		    " kind = 1) FROM undo_heads h WHERE h.game_id = $1 AND"
		    " h.n = $2 AND h.key = $3", "Iit", game, sn.n, sn.key);
		store_snapshot_clear(&sn);
		if (status != SR_OK)
			return status;
		if (s->pq.ntuples(res) > 0)
			undo_row(s, res, 0, 0, u);
		s->pq.clear(res);
		return SR_OK;
	}
	store_snapshot_clear(&sn);
	if (!s->pq.getisnull(res, 0, 10))
		undo_row(s, res, 0, 10, u);
	return SR_OK;
}

/* One row of the undo cache. */
static int
pg_undo_get(struct store *st, long long game, int kind, int pos,
    int *n, void **state, size_t *len, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*n = 0;
	if (state != NULL) {
		*state = NULL;
		*len = 0;
	}
	if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, &res, why, "SELECT n, state FROM undo_states"
	    " WHERE game_id = $1 AND kind = $2 AND pos = $3", "Iii", game,
	    kind, pos)) != SR_OK)
		return status;
	if (s->pq.ntuples(res) > 0) {
		*n = (int)num(s, res, 0, 0);
		if (state != NULL)
			*state = blob(s, res, 0, 1, len);
	}
	s->pq.clear(res);
	return SR_OK;
}

/* Entry n pushed at depth, the snapshot stored now before it. */
static int
pg_undo_push(struct store *st, long long game, int depth, int n,
    int keep, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = exec_gii(s, "INSERT INTO undo_states(game_id, kind, pos,"
	    " n, state) SELECT $1::bigint, 0, $2::integer, $3::integer, state"
	    " FROM snapshots"
	    " WHERE game_id = $1 ON CONFLICT(game_id, kind, pos) DO UPDATE"
	    " SET n = excluded.n, state = excluded.state", "Iii", game, depth,
	    n, why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = $1 AND"
	    " kind = 0 AND pos <= $2::integer - $3::integer", "Iii", game,
	    depth, keep, why);
}

/* The entry in effect at depth undone, to the redo stack at pos. */
static int
pg_undo_pop(struct store *st, long long game, int depth, int pos,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = exec_gii(s, "INSERT INTO undo_states(game_id, kind, pos,"
	    " n, state) SELECT $1::bigint, 1, $3::integer, n, NULL"
	    " FROM undo_states"
	    " WHERE game_id = $1 AND kind = 0 AND pos = $2"
	    " ON CONFLICT(game_id, kind, pos) DO UPDATE SET n = excluded.n,"
	    " state = excluded.state", "Iii", game, depth, pos, why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = $1 AND"
	    " kind = 0 AND pos = $2", "Ii", game, depth, 0, why);
}

/* Undone rows from pos up forgotten. */
static int
pg_undo_cut(struct store *st, long long game, int pos, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = $1 AND"
	    " kind = 1 AND pos >= $2", "Ii", game, pos, 0, why);
}

/* Whether an undone entry kept is of verb. */
static int
pg_undo_has_verb(struct store *st, long long game, const char *verb,
    int *has, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status;

	*has = 0;
	if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, &res, why, "SELECT 1 FROM undo_states u JOIN"
	    " entries e ON e.game_id = u.game_id AND e.n = u.n"
	    " WHERE u.game_id = $1 AND u.kind = 1 AND e.verb = $2 LIMIT 1",
	    "It", game, verb)) != SR_OK)
		return status;
	*has = s->pq.ntuples(res) > 0;
	s->pq.clear(res);
	return SR_OK;
}

/* The head, with the snapshot stored now. */
static int
pg_undo_set(struct store *st, long long game, int depth,
    int nundone, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "INSERT INTO undo_heads(game_id, n, key, depth,"
	    " nundone) SELECT $1::bigint, n, key, $2::integer, $3::integer"
	    " FROM snapshots"
	    " WHERE game_id = $1 ON CONFLICT(game_id) DO UPDATE SET"
	    " n = excluded.n, key = excluded.key, depth = excluded.depth,"
	    " nundone = excluded.nundone", "Iii", game, depth, nundone, why);
}

/* Forget game's undo cache. */
static int
pg_undo_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = exec_gii(s, "DELETE FROM undo_heads WHERE game_id = $1",
	    "I", game, 0, 0, why)) != SR_OK)
		return status;
	return exec_gii(s, "DELETE FROM undo_states WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* Store one row of the undo cache (a rebuild). */
static int
pg_undo_put(struct store *st, long long game, int kind, int pos,
    int n, const void *state, size_t len, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = lock_game(s, game, why)) != SR_OK)
		return status;
	return q(s, NULL, why, "INSERT INTO undo_states(game_id, kind, pos, n,"
	    " state) VALUES ($1, $2, $3, $4, $5) ON CONFLICT(game_id, kind,"
	    " pos) DO UPDATE SET n = excluded.n, state = excluded.state",
	    state != NULL ? "Iiiib" : "Iiii-", game, kind, pos, n, state, len);
}

/* Every row of game's undo cache. */
static int
pg_undo_rows(struct store *st, long long game,
    int (*fn)(void *, int, int, int, const void *, size_t), void *arg,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	void *p;
	size_t len;
	int status, rows, r, stop = 0;

	if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, &res, why, "SELECT kind, pos, n, state FROM"
	    " undo_states WHERE game_id = $1 ORDER BY kind, pos", "I",
	    game)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows && !stop; r++) {
		p = blob(s, res, r, 3, &len);
		stop = fn(arg, (int)num(s, res, r, 0), (int)num(s, res, r, 1),
		    (int)num(s, res, r, 2), p, len) != 0;
		free(p);
	}
	s->pq.clear(res);
	return SR_OK;
}

/* Add count to one face's tally of game. */
static int
pg_dice_count(struct store *st, long long game, int seat, int kind,
    int face, long count, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = lock_game(s, game, why)) != SR_OK)
		return status;
	return q(s, NULL, why, "INSERT INTO dice_tally(game_id, seat, kind,"
	    " face, count) VALUES ($1, $2, $3, $4, $5) ON CONFLICT(game_id,"
	    " seat, kind, face) DO UPDATE SET count = dice_tally.count +"
	    " excluded.count", "IiiiI", game, seat, kind, face,
	    (long long)count);
}

/* Forget game's tally. */
static int
pg_dice_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM dice_tally WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* The tally's rows, of game (0: every game). */
static int
pg_dice_rows(struct store *st, long long game,
    int (*fn)(void *, long long, int, int, int, long), void *arg,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r;

	if ((status = game != 0 ? lock_game(s, game, why) : SR_OK) != SR_OK ||
	    (status = game != 0 ? q(s, &res, why, "SELECT game_id, seat, kind,"
	    " face, count FROM dice_tally WHERE game_id = $1 AND count <> 0"
	    " ORDER BY seat, kind, face", "I", game) : q(s, &res, why,
	    "SELECT game_id, seat, kind, face, count FROM dice_tally"
	    " WHERE count <> 0 ORDER BY game_id, seat, kind, face", "")) !=
	    SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		if (fn(arg, num(s, res, r, 0), (int)num(s, res, r, 1),
		    (int)num(s, res, r, 2), (int)num(s, res, r, 3),
		    (long)num(s, res, r, 4)) != 0)
			break;
	s->pq.clear(res);
	return SR_OK;
}

/* Store a row of game's coach cache. */
static int
pg_coach_put(struct store *st, long long game, int n, int seat, int basis,
    long decisions, long long error, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = lock_game(s, game, why)) != SR_OK)
		return status;
	return q(s, NULL, why, "INSERT INTO coach_tally(game_id, seat, basis,"
	    " n, decisions, error) VALUES ($1, $2, $3, $4, $5, $6)"
	    " ON CONFLICT(game_id, seat, basis) DO UPDATE SET n = excluded.n,"
	    " decisions = excluded.decisions, error = excluded.error",
	    "IiiiII", game, seat, basis, n, (long long)decisions, error);
}

/* Forget game's coach cache. */
static int
pg_coach_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM coach_tally WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* The coach cache's rows, of game (0: every game, by game). */
static int
pg_coach_rows(struct store *st, long long game,
    int (*fn)(void *, const struct store_coach *), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	struct store_coach c;
	PGresult *res;
	int status, rows, r;

	if ((status = game != 0 ? q(s, &res, why, "SELECT game_id, n, seat,"
	    " basis, decisions, error FROM coach_tally WHERE game_id = $1"
	    " ORDER BY seat, basis", "I", game) : q(s, &res, why,
	    "SELECT game_id, n, seat, basis, decisions, error FROM"
	    " coach_tally ORDER BY game_id, seat, basis", "")) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++) {
		c.game = num(s, res, r, 0);
		c.n = (int)num(s, res, r, 1);
		c.seat = (int)num(s, res, r, 2);
		c.basis = (int)num(s, res, r, 3);
		c.decisions = (long)num(s, res, r, 4);
		c.error = num(s, res, r, 5);
		if (fn(arg, &c) != 0)
			break;
	}
	s->pq.clear(res);
	return SR_OK;
}

/* Store entry n's round, note and undone (history's cache). */
static int
pg_note_put(struct store *st, long long game, int n, int round,
    int undone, const char *note, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if ((status = lock_game(s, game, why)) != SR_OK)
		return status;
	return q(s, NULL, why, "INSERT INTO entry_notes(game_id, n, round,"
	    " undone, note) VALUES ($1, $2, $3, $4, $5) ON CONFLICT(game_id, n)"
	    " DO UPDATE SET round = excluded.round, undone = excluded.undone,"
	    " note = excluded.note", "Iiiit", game, n, round, undone,
	    note != NULL ? note : "");
}

/* Entry n taken back (undone 1) or restored (0). */
static int
pg_note_undone(struct store *st, long long game, int n, int undone,
    char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "UPDATE entry_notes SET undone = $3 WHERE"
	    " game_id = $1 AND n = $2", "Iii", game, n, undone, why);
}

/* Forget game's notes. */
static int
pg_notes_drop(struct store *st, long long game, char **why)
{
	struct pgstore *s = (struct pgstore *)st;

	return exec_gii(s, "DELETE FROM entry_notes WHERE game_id = $1", "I",
	    game, 0, 0, why);
}

/* Every note row of game, for check. */
static int
pg_notes_rows(struct store *st, long long game,
    int (*fn)(void *, int, int, const char *, int), void *arg, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	PGresult *res;
	int status, rows, r;

	if ((status = lock_game(s, game, why)) != SR_OK ||
	    (status = q(s, &res, why, "SELECT n, round, note, undone FROM"
	    " entry_notes WHERE game_id = $1 ORDER BY n", "I", game)) != SR_OK)
		return status;
	rows = s->pq.ntuples(res);
	for (r = 0; r < rows; r++)
		if (fn(arg, (int)num(s, res, r, 0), (int)num(s, res, r, 1),
		    val(s, res, r, 2), (int)num(s, res, r, 3)) != 0)
			break;
	s->pq.clear(res);
	return SR_OK;
}

/*
 * What watch and serve sleep on (store.h): this table's current-game file
 * (its folder made, for inotify to watch it), and the connection's
 * socket, listening on channel 'shakeref', which the triggers notify at
 * each entry and game change when it commits.
 */
static int
pg_notice(struct store *st, const char **path, int *fd, char **why)
{
	struct pgstore *s = (struct pgstore *)st;
	int status;

	if (!s->listening) {
		if ((status = exec(s, "LISTEN shakeref", why)) != SR_OK)
			return status;
		s->listening = 1;
	}
	free(s->notice_path);
	if ((s->notice_path = current_file(s)) != NULL)
		(void)paths_make_parents(s->notice_path, NULL);
	*path = s->notice_path;
	*fd = s->pq.socket(s->conn);
	return SR_OK;
}

/*
 * The notifications that came, read without waiting (libpq's socket is
 * non-blocking); -1 when the connection is gone.
 */
static int
pg_notice_take(struct store *st)
{
	struct pgstore *s = (struct pgstore *)st;
	PGnotify *n;
	int got = 0;

	/*
	 * A rollback's results first (libpq reads no notification behind
	 * a result not taken): sent, so they come at once.
	 */
	if (s->pipe && s->nowed > 0) {
		drain(s);
		fail_take(s, NULL);
	}
	if (!s->pq.consume_input(s->conn) ||
	    s->pq.status(s->conn) != CONNECTION_OK)
		return -1;
	while ((n = s->pq.notifies(s->conn)) != NULL) {
		s->pq.freemem(n);
		got = 1;
	}
	return got;
}

/*
 * The connection to the server is gone (a restart, the network).  libpq
 * can leave its status OK after a query found the server gone (a send
 * that met EPIPE, then its end read): reads without waiting tell.  Two:
 * the first one takes what came before the end (a rollback's results,
 * the server's FATAL), and only a read that finds nothing sees the end.
 */
static int
pg_lost(const struct store *st)
{
	const struct pgstore *s = (const struct pgstore *)st;

	return s->conn == NULL || s->pq.status(s->conn) != CONNECTION_OK ||
	    s->pq.socket(s->conn) < 0 || !s->pq.consume_input(s->conn) ||
	    !s->pq.consume_input(s->conn) ||
	    s->pq.status(s->conn) != CONNECTION_OK;
}

/* The last COMMIT's fate unknown: the connection lost once it left. */
static int
pg_in_doubt(const struct store *st)
{
	return ((const struct pgstore *)st)->doubt;
}

/* The league engine: a database named by a postgresql:// URI. */
static const char *const pg_schemes[] = {
	"postgresql://", "postgres://", NULL
};

const struct store_engine store_engine_pg = {
	.name = "postgresql",
	.schemes = pg_schemes,
	.open = pg_open,
	.close = pg_close,
	.migrated = pg_migrated,
	.begin = pg_begin,
	.try_write = pg_try_write,
	.busy = pg_busy,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.current = pg_current,
	.set_current = pg_set_current,
	.game_load = pg_game_load,
	.entries_load = pg_entries_load,
	.entry_load = pg_entry_load,
	.last_n = pg_last_n,
	.game_create = pg_game_create,
	.game_by_uid = pg_game_by_uid,
	.game_names = pg_game_names,
	.entry_append = pg_entry_append,
	.summary = pg_summary,
	.games = pg_games,
	.export_json = pg_export_json,
	.export_rows = pg_export_rows,
	.tallies = pg_tallies,
	.results = pg_results,
	.seats_shape = pg_seats_shape,
	.orphans = pg_orphans,
	.setup_record = pg_setup_record,
	.integrity = pg_integrity,
	.game_ids = pg_game_ids,
	.summary_load = pg_summary_load,
	.tallies_check = pg_tallies_check,
	.tallies_rebuild = pg_tallies_rebuild,
	.snapshot_get = pg_snapshot_get,
	.snapshot_put = pg_snapshot_put,
	.snapshot_drop = pg_snapshot_drop,
	.undo_head = pg_undo_head,
	.undo_get = pg_undo_get,
	.undo_push = pg_undo_push,
	.undo_pop = pg_undo_pop,
	.undo_cut = pg_undo_cut,
	.undo_has_verb = pg_undo_has_verb,
	.undo_set = pg_undo_set,
	.undo_drop = pg_undo_drop,
	.undo_put = pg_undo_put,
	.undo_rows = pg_undo_rows,
	.note_put = pg_note_put,
	.note_undone = pg_note_undone,
	.notes_drop = pg_notes_drop,
	.history_scan = pg_history_scan,
	.notes_rows = pg_notes_rows,
	.dice_count = pg_dice_count,
	.dice_drop = pg_dice_drop,
	.dice_rows = pg_dice_rows,
	.coach_put = pg_coach_put,
	.coach_drop = pg_coach_drop,
	.coach_rows = pg_coach_rows,
	.notice = pg_notice,
	.notice_take = pg_notice_take,
	.lost = pg_lost,
	.in_doubt = pg_in_doubt,
};
