// The nearby bench's look at SQLite itself (bench/README.md, "Market nearby"): the plan SQLite
// chooses for one query and how long the query alone takes. Linked against the object file of the
// SQLite that Sprout's build compiled (sqlite-nio's amalgamation, with its options), because the
// planner of the system's older SQLite may choose differently.
//
//   sqlite_plan DB ROUNDS SQL [PARAM...]   PARAM is r:<real>, i:<integer> or t:<text>, bound in order
//
// Prints the EXPLAIN QUERY PLAN tree as SQLite's shell draws it, then the rows the query answers
// and the median milliseconds of ROUNDS runs (each prepared once, stepped to its end).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sqlite_nio_sqlite3.h"

static sqlite3 *db;

static void fail(const char *what) {
    fprintf(stderr, "sqlite_plan: %s: %s\n", what, sqlite_nio_sqlite3_errmsg(db));
    exit(1);
}

static sqlite3_stmt *prepare(const char *sql, int count, char **params) {
    sqlite3_stmt *stmt;
    if (sqlite_nio_sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK) fail("prepare");
    for (int i = 0; i < count; i++) {
        const char *value = params[i] + 2;
        int rc;
        switch (params[i][0]) {
        case 'r': rc = sqlite_nio_sqlite3_bind_double(stmt, i + 1, strtod(value, NULL)); break;
        case 'i': rc = sqlite_nio_sqlite3_bind_int64(stmt, i + 1, strtoll(value, NULL, 10)); break;
        default: rc = sqlite_nio_sqlite3_bind_text(stmt, i + 1, value, -1, SQLITE_TRANSIENT); break;
        }
        if (rc != SQLITE_OK) fail("bind");
    }
    return stmt;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: sqlite_plan DB ROUNDS SQL [r:|i:|t:PARAM...]\n");
        return 2;
    }
    int rounds = atoi(argv[2]);
    if (rounds < 1) rounds = 1;
    if (sqlite_nio_sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) fail("open");
    sqlite_nio_sqlite3_busy_timeout(db, 5000);

    size_t length = strlen(argv[3]) + 32;
    char *explain = malloc(length);
    snprintf(explain, length, "EXPLAIN QUERY PLAN %s", argv[3]);
    sqlite3_stmt *plan = prepare(explain, argc - 4, argv + 4);
    // Each plan row names its parent; a parent always comes before its children.
    int ids[256], depths[256], known = 0;
    printf("QUERY PLAN (SQLite %s)\n", sqlite_nio_sqlite3_libversion());
    while (sqlite_nio_sqlite3_step(plan) == SQLITE_ROW) {
        int id = sqlite_nio_sqlite3_column_int(plan, 0), parent = sqlite_nio_sqlite3_column_int(plan, 1), depth = 0;
        for (int i = 0; i < known; i++)
            if (ids[i] == parent) depth = depths[i] + 1;
        if (known < 256) {
            ids[known] = id;
            depths[known++] = depth;
        }
        printf("%*s`--%s\n", depth * 3, "", (const char *)sqlite_nio_sqlite3_column_text(plan, 3));
    }
    sqlite_nio_sqlite3_finalize(plan);

    double *millis = malloc(sizeof(double) * (size_t)rounds);
    int rows = 0;
    for (int round = 0; round < rounds; round++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        sqlite3_stmt *query = prepare(argv[3], argc - 4, argv + 4);
        int rc;
        rows = 0;
        while ((rc = sqlite_nio_sqlite3_step(query)) == SQLITE_ROW) rows++;
        if (rc != SQLITE_DONE) fail("step");
        sqlite_nio_sqlite3_finalize(query);
        clock_gettime(CLOCK_MONOTONIC, &end);
        millis[round] = (double)(end.tv_sec - start.tv_sec) * 1e3 + (double)(end.tv_nsec - start.tv_nsec) / 1e6;
    }
    qsort(millis, (size_t)rounds, sizeof(double), compare);
    printf("the query alone: %d rows, median %.2f ms of %d runs\n", rows, millis[rounds / 2], rounds);
    sqlite_nio_sqlite3_close(db);
    return 0;
}
