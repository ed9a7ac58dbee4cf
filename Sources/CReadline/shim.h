// GNU readline for binderyctl. <stdio.h> must come first: readline's headers use FILE
// without including it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>

// Swift 6 rejects touching mutable C globals directly (they are not concurrency-safe), so
// every global binderyctl reads or writes goes through one of these functions. binderyctl
// calls them only from its main thread, the thread readline runs on.

static inline void bindery_rl_set_name(const char *name) { rl_readline_name = name; }
static inline void bindery_rl_set_completion(rl_completion_func_t *fn) { rl_attempted_completion_function = fn; }
static inline void bindery_rl_set_word_breaks(const char *chars) { rl_completer_word_break_characters = (char *)chars; }
static inline void bindery_rl_set_quote_chars(const char *chars) { rl_completer_quote_characters = chars; }
static inline void bindery_rl_set_completion_over(int over) { rl_attempted_completion_over = over; }
static inline void bindery_rl_set_suppress_append(int suppress) { rl_completion_suppress_append = suppress; }
static inline void bindery_rl_set_catch_signals(int on) { rl_catch_signals = on; rl_catch_sigwinch = on; }
static inline const char *bindery_rl_line_buffer(void) { return rl_line_buffer; }
static inline int bindery_rl_point(void) { return rl_point; }
static inline void bindery_rl_set_outstream(FILE *stream) { rl_outstream = stream; }
static inline FILE *bindery_stdout(void) { return stdout; }

// Readline's matches array is malloc'd and freed by readline itself.
static inline char **bindery_matches_alloc(int count) { return (char **)calloc((size_t)count + 1, sizeof(char *)); }
static inline int bindery_history_length(void) { return history_length; }
static inline int bindery_history_base(void) { return history_base; }
