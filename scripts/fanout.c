/* Fan-out load client for scripts/bench-scale.py: COUNT dashboards, each one persistent
 * HTTP/1.1 connection (keep-alive, as browsers keep them) long-polling
 * /api/changes?since=V&wait=25 at HOST:PORT (binderyd, or a proxy in front of it), as the
 * dashboard asks it (FANOUT_QUERY in the environment is appended: `&feed=F`, the feed id).
 * Each round: every connection asks for the current version V, the client waits until the
 * requests are parked, sends one `set` on binderyd's control socket, and times each answer
 * from just before the set was sent and from the set's acknowledgement (the control reply,
 * read in the same epoll loop; an answer before the ack counts as a negative time). One
 * thread and one epoll set for all sockets, no allocation per answer, so the client's own
 * cost per socket is a read() or two.
 *
 * Usage: fanout HOST PORT DAEMON_PORT CONTROL_SOCKET COUNT ROUNDS DAEMON_PID [PROXY_PIDS]
 * PORT is where the watchers connect (binderyd's, or a proxy's); the current version is asked
 * of binderyd itself at DAEMON_PORT. PROXY_PIDS: comma-separated (a proxy's workers), whose
 * CPU is reported as well. FANOUT_CLOSE=1 in the environment: every answer closes its
 * connection (`Connection: close`) and each round opens new ones, as before keep-alive.
 * Prints per round "round N: p50 p99 max ms, daemon CPU ms, proxy CPU ms, statuses", then
 * "all: p50 p99 max ms over every answer of every round; daemon CPU ms per set (mean);
 * proxy CPU ms per set (mean); daemon CPU ms per round taking the requests (mean); the median
 * of the rounds' own p99 (one round slowed by a neighbour on a shared machine moves the overall
 * p99 but not this); this client's own CPU ms per set (reading every answer); p50 p99 ms after
 * the ack; the ack's mean ms after the set; the proxy's CPU ms per round while the requests
 * wait for the set". Exits 1 if an answer is missing or not a 200.
 * FANOUT_STREAM=PATH (e.g. /api/stream?feed=F): each connection instead subscribes once to
 * nchan's EventSource stream at PATH (docs/nginx-nchan.conf) and keeps it open; a round's
 * answer is the first event carrying a JSON answer after the set (what arrived before it, such as the
 * stored post a new subscriber is handed, is read and dropped before the set).
 * Built by bench-scale.py with `cc -O2`; not installed. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define BUFFER 65536

struct watcher {
    int fd;
    size_t have;          /* bytes of the current answer read so far */
    long body;            /* Content-Length, or -1 until the head is complete */
    size_t head;          /* length of the head (through CRLFCRLF) */
    int status;
    int done;
    double at_ms;         /* when the whole answer had arrived, from the set */
    char *buffer;
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void die(const char *what) { perror(what); exit(2); }

static double cpu_ms(const char *pids) {
    if (!pids || !*pids) return 0;
    double total = 0;
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", pids);
    for (char *pid = strtok(copy, ","); pid; pid = strtok(NULL, ",")) {
        char path[64], text[2048];
        snprintf(path, sizeof path, "/proc/%s/stat", pid);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        size_t n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[n] = 0;
        char *p = strrchr(text, ')');
        if (!p) continue;
        unsigned long utime = 0, stime = 0;
        /* fields after ")": state(3) ... utime is field 14, stime 15 */
        if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) == 2)
            total += (utime + stime) * 1000.0 / sysconf(_SC_CLK_TCK);
    }
    return total;
}

/* This client's own CPU time, ms. */
static double self_cpu_ms(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

static int connect_tcp(const char *host, int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) die("socket");
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, host, &addr.sin_addr);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) die("connect");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

/* One blocking request on a fresh connection; returns the version in the JSON body. */
static long current_version(const char *host, int port) {
    int fd = connect_tcp(host, port);
    char request[256];
    int length = snprintf(request, sizeof request,
        "GET /api/changes?since=0 HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n", host, port);
    if (write(fd, request, length) < 0) die("write");
    static char text[1 << 22];
    size_t n = 0;
    ssize_t r;
    while ((r = read(fd, text + n, sizeof text - 1 - n)) > 0) n += r;
    close(fd);
    text[n] = 0;
    char *v = strstr(text, "\"version\":");
    if (!v) { fprintf(stderr, "no version in: %.200s\n", text); exit(2); }
    return strtol(v + 10, NULL, 10);
}

static int control_fd;
static char control_text[65536];
static size_t control_have;

static void control_set(int value, int id) {
    char line[256];
    int n = snprintf(line, sizeof line,
        "{\"op\":\"set\",\"vm\":\"api\",\"name\":\"latencyMs\",\"value\":%d,\"id\":%d}\n", value, id);
    if (write(control_fd, line, n) != n) die("control write");
}

/* Reads what the control socket has (it is non-blocking); true once the reply to `id` is in.
 * Replies to earlier ids and notices are skipped line by line. */
static int control_reply_arrived(int id) {
    char want[32];
    snprintf(want, sizeof want, "\"id\":%d", id);
    for (;;) {
        ssize_t r = read(control_fd, control_text + control_have, sizeof control_text - 1 - control_have);
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
        if (r <= 0) die("control read");
        control_have += r;
        control_text[control_have] = 0;
        char *line = control_text, *end;
        while ((end = strchr(line, '\n'))) {
            *end = 0;
            if (strstr(line, want)) {
                if (!strstr(line, "\"ok\":true")) { fprintf(stderr, "set failed: %s\n", line); exit(2); }
                control_have = 0;
                return 1;
            }
            line = end + 1;
        }
        control_have -= line - control_text;
        memmove(control_text, line, control_have);
        if (control_have >= sizeof control_text - 1) control_have = 0;  /* a huge notice: drop it */
    }
}

/* A stream subscriber (FANOUT_STREAM): consumes what arrived on w; marks it done once an event
 * with a JSON answer has arrived whole (nchan sends each event as `id: …\ndata: …\n\n`). */
static void on_stream_readable(struct watcher *w, double sent) {
    for (;;) {
        ssize_t r = read(w->fd, w->buffer + w->have, BUFFER - 1 - w->have);
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (r <= 0) { w->done = 1; w->status = -1; w->at_ms = now_ms() - sent; return; }
        w->have += r;
        w->buffer[w->have] = 0;
        char *data = strstr(w->buffer, "data: {");  /* a change-feed answer, not nchan's "ping" */
        if (data && strstr(data, "\n\n")) { w->done = 1; w->status = 200; w->at_ms = now_ms() - sent; return; }
        if (w->have >= BUFFER - 1) w->have = 0;
    }
}

/* Reads and drops whatever a stream subscriber has been sent so far (non-blocking). */
static void drain(struct watcher *w) {
    char sink[4096];
    while (read(w->fd, sink, sizeof sink) > 0) {}
}

/* Consumes what arrived on w; marks it done when the whole answer is in. */
static void on_readable(struct watcher *w, double sent) {
    for (;;) {
        ssize_t r = read(w->fd, w->buffer + w->have, BUFFER - 1 - w->have);
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (r <= 0) { w->done = 1; w->status = w->status ? w->status : -1; w->at_ms = now_ms() - sent; return; }
        w->have += r;
        w->buffer[w->have] = 0;
        if (w->body < 0) {
            char *end = strstr(w->buffer, "\r\n\r\n");
            if (!end) continue;
            w->head = end + 4 - w->buffer;
            w->status = atoi(w->buffer + 9);
            char *length = strcasestr(w->buffer, "\r\ncontent-length:");
            if (length && length < end) w->body = strtol(length + 17, NULL, 10);
            else if (strcasestr(w->buffer, "\r\ntransfer-encoding: chunked") ) w->body = -2;
            else w->body = 0; /* 304 and friends */
        }
        int complete = w->body == -2 ? (strstr(w->buffer + w->head, "0\r\n\r\n") != NULL)
                                     : (w->have >= w->head + (size_t)w->body);
        if (complete) { w->done = 1; w->at_ms = now_ms() - sent; return; }
        if (w->have >= BUFFER - 1) { w->have = w->head; }  /* big body: keep counting only the head */
    }
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double pct(double *sorted, int n, double p) {
    int i = (int)(n * p);
    if (i >= n) i = n - 1;
    return sorted[i];
}

int main(int argc, char **argv) {
    if (argc < 8) { fprintf(stderr, "usage: fanout HOST PORT DAEMON_PORT CONTROL_SOCKET COUNT ROUNDS DAEMON_PID [PROXY_PIDS]\n"); return 2; }
    const char *host = argv[1];
    int port = atoi(argv[2]), daemon_port = atoi(argv[3]);
    const char *control = argv[4];
    int count = atoi(argv[5]), rounds = atoi(argv[6]);
    const char *daemon_pid = argv[7];
    const char *proxy_pids = argc > 8 ? argv[8] : "";
    const char *query = getenv("FANOUT_QUERY") ? getenv("FANOUT_QUERY") : "";
    if (strlen(query) > 64) die("FANOUT_QUERY is longer than 64 bytes");
    const char *close_env = getenv("FANOUT_CLOSE");
    int closing = close_env && strcmp(close_env, "1") == 0;
    const char *jitter_env = getenv("FANOUT_JITTER_MS");
    int jitter_ms = jitter_env ? atoi(jitter_env) : 0;
    const char *park_env = getenv("FANOUT_PARK_MS");
    int park_ms = park_env ? atoi(park_env) : 0;
    const char *stream = getenv("FANOUT_STREAM");
    if (stream && !*stream) stream = NULL;
    if (stream && strlen(stream) > 128) die("FANOUT_STREAM is longer than 128 bytes");
    srand(getpid());

    struct rlimit limit;
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);

    control_fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    snprintf(address.sun_path, sizeof address.sun_path, "%s", control);
    if (connect(control_fd, (struct sockaddr *)&address, sizeof address) < 0) die("control connect");
    fcntl(control_fd, F_SETFL, O_NONBLOCK);

    int epoll = epoll_create1(0);
    struct epoll_event control_event = {.events = EPOLLIN, .data.ptr = NULL};
    if (epoll_ctl(epoll, EPOLL_CTL_ADD, control_fd, &control_event) < 0) die("epoll_ctl control");
    struct watcher *watchers = calloc(count, sizeof *watchers);
    for (int i = 0; i < count; i++) watchers[i].buffer = malloc(BUFFER);
    double *samples = malloc(sizeof(double) * count * rounds);
    double *round_samples = malloc(sizeof(double) * count);
    double *round_p99 = malloc(sizeof(double) * rounds);
    double *after_ack = malloc(sizeof(double) * count * rounds);
    int total = 0, failed = 0;
    double daemon_cpu = 0, proxy_cpu = 0, park_cpu = 0, client_cpu = 0, ack_total = 0, proxy_park_cpu = 0;
    struct epoll_event events[1024];

    for (int round = 0; round < rounds; round++) {
        long version = current_version(host, daemon_port);
        double park_before = cpu_ms(daemon_pid), proxy_park_before = cpu_ms(proxy_pids);
        char request[384];
        int length = stream
            ? snprintf(request, sizeof request,
                "GET %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n",
                stream, host, port)
            : snprintf(request, sizeof request,
                "GET /api/changes?since=%ld&wait=25%s HTTP/1.1\r\nHost: %s:%d\r\nAccept-Encoding: gzip\r\n%s\r\n",
                version, query, host, port, closing ? "Connection: close\r\n" : "");
        for (int i = 0; i < count && (round == 0 || closing); i++) {
            if (watchers[i].fd > 0) close(watchers[i].fd);
            watchers[i].fd = connect_tcp(host, port);
            if (stream) fcntl(watchers[i].fd, F_SETFL, O_NONBLOCK);
            struct epoll_event event = {.events = EPOLLIN, .data.ptr = &watchers[i]};
            if (epoll_ctl(epoll, EPOLL_CTL_ADD, watchers[i].fd, &event) < 0) die("epoll_ctl");
        }
        for (int i = 0; i < count; i++) {
            struct watcher *w = &watchers[i];
            w->have = 0; w->body = -1; w->head = 0; w->status = 0; w->done = 0;
            if (stream && round > 0) continue;  /* a stream is asked once and stays open */
            if (write(w->fd, request, length) != length) die("request write");
        }
        /* Until every request is parked at the daemon (or the proxy); FANOUT_JITTER_MS adds a
         * random wait up to that long, so that a proxy's periodic checks (nginx's cache lock
         * looks every 500 ms) meet changes at every phase rather than at one; FANOUT_PARK_MS
         * adds a fixed wait, a quiet spell before the change (a dashboard waits up to 25 s). */
        usleep(200000 + count * 500 + park_ms * 1000 + (jitter_ms > 0 ? (rand() % (jitter_ms * 1000)) : 0));
        if (stream) {
            /* The head, the greeting and the stored post a new subscriber gets: not this round's. */
            for (int i = 0; i < count; i++) drain(&watchers[i]);
        }
        double daemon_before = cpu_ms(daemon_pid), proxy_before = cpu_ms(proxy_pids), client_before = self_cpu_ms();
        park_cpu += daemon_before - park_before;
        proxy_park_cpu += proxy_before - proxy_park_before;
        double sent = now_ms();
        if (getenv("FANOUT_TRACE")) fprintf(stderr, "set at %.6f\n", sent / 1e3);
        control_set((round + 1) % 2, round + 1);  /* latencyMs is 0 before round 0 */
        int pending = count, acked = 0;
        double ack_ms = 0;
        while (pending > 0 || !acked) {
            int n = epoll_wait(epoll, events, 1024, 30000);
            if (n == 0) { fprintf(stderr, "round %d: %d answers missing after 30 s%s\n", round, pending, acked ? "" : ", no ack"); return 1; }
            for (int e = 0; e < n; e++) {
                struct watcher *w = events[e].data.ptr;
                if (!w) {
                    if (!acked && control_reply_arrived(round + 1)) { acked = 1; ack_ms = now_ms() - sent; }
                    continue;
                }
                if (stream) {
                    if (!w->done) { on_stream_readable(w, sent); if (w->done) pending--; }
                    else drain(w);
                    continue;
                }
                if (w->done) {
                    /* Only a closing connection may say more after its answer: the end. */
                    char sink[4096];
                    if (read(w->fd, sink, sizeof sink) == 0) {
                        if (!closing) { fprintf(stderr, "a keep-alive connection was closed\n"); return 1; }
                        epoll_ctl(epoll, EPOLL_CTL_DEL, w->fd, NULL);
                    }
                    continue;
                }
                on_readable(w, sent);
                if (w->done) pending--;
            }
        }
        client_cpu += self_cpu_ms() - client_before;
        double daemon_used = cpu_ms(daemon_pid) - daemon_before, proxy_used = cpu_ms(proxy_pids) - proxy_before;
        int ok = 0;
        for (int i = 0; i < count; i++) {
            after_ack[total] = watchers[i].at_ms - ack_ms;
            round_samples[i] = watchers[i].at_ms;
            samples[total++] = watchers[i].at_ms;
            if (watchers[i].status == 200) ok++; else failed++;
        }
        qsort(round_samples, count, sizeof(double), compare);
        round_p99[round] = pct(round_samples, count, 0.99);
        printf("round %d: p50 %.2f p99 %.2f max %.2f ms, ack at %.2f ms, daemon CPU %.0f ms, proxy CPU %.0f ms, %d of %d answered 200\n",
               round, pct(round_samples, count, 0.5), pct(round_samples, count, 0.99), round_samples[count - 1],
               ack_ms, daemon_used, proxy_used, ok, count);
        ack_total += ack_ms;
        daemon_cpu += daemon_used;
        proxy_cpu += proxy_used;
        usleep(50000);
    }
    qsort(samples, total, sizeof(double), compare);
    qsort(round_p99, rounds, sizeof(double), compare);
    qsort(after_ack, total, sizeof(double), compare);
    printf("all: p50 %.2f p99 %.2f max %.2f ms; daemon CPU %.2f ms per set; proxy CPU %.2f ms per set; "
           "daemon CPU %.2f ms per round taking the requests; median round's p99 %.2f ms; %d not 200; "
           "client CPU %.2f ms per set; after the ack p50 %.2f p99 %.2f ms; ack %.2f ms after the set (mean); "
           "proxy CPU %.2f ms per round while the requests wait\n",
           pct(samples, total, 0.5), pct(samples, total, 0.99), samples[total - 1],
           daemon_cpu / rounds, proxy_cpu / rounds, park_cpu / rounds, pct(round_p99, rounds, 0.5), failed, client_cpu / rounds,
           pct(after_ack, total, 0.5), pct(after_ack, total, 0.99), ack_total / rounds, proxy_park_cpu / rounds);
    return failed ? 1 : 0;
}
