// Fixed-argument C wrappers over libedit's native histedit API.
//
// Swift cannot call C variadic functions, and el_set/el_wset/history_w are
// all variadic, so each operation the LineEditor module needs gets a small
// typed wrapper here. Everything uses the wide-character (wchar_t) entry
// points: text crosses into Swift as Unicode scalars, so multibyte decoding
// happens once, inside libedit, under the locale set by
// bs_setlocale_ctype().
#pragma once

#include <histedit.h>
#include <stdio.h>
#include <wchar.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A prompt callback: returns the NUL-terminated wide prompt to draw.
typedef wchar_t *(*bs_prompt_fn)(EditLine *el);

/// A user editor command (EL_ADDFN): returns one of the CC_* codes.
typedef unsigned char (*bs_command_fn)(EditLine *el, int ch);

/// Sets LC_CTYPE from the environment; falls back to a UTF-8 locale when the
/// environment's codeset is not UTF-8. Returns 1 when the resulting codeset
/// is UTF-8. MUST run before bs_el_init: libedit decodes input bytes with
/// mbrtowc, and in the "C" locale it silently drops every non-ASCII byte.
int bs_setlocale_ctype(void);

/// el_init on the given streams (stdin/stdout/stderr for the REPL).
EditLine *bs_el_init(const char *prog, FILE *in, FILE *out, FILE *err);

/// el_end: restores the terminal's original mode and frees the editor.
void bs_el_end(EditLine *el);

/// EL_PROMPT_ESC: a prompt whose text between two `ignore` characters is
/// printed but not counted (ANSI colour sequences).
int bs_el_set_prompt_esc(EditLine *el, bs_prompt_fn fn, wchar_t ignore);

/// EL_EDITOR: "emacs" or "vi".
int bs_el_set_editor(EditLine *el, const char *mode);

/// EL_SIGNAL: libedit's own signal handlers. MUST stay off (0): they resize
/// and redraw inside the handler (see TerminalSignals.c).
int bs_el_set_signal(EditLine *el, int on);

/// EL_HIST with the wide history function.
int bs_el_set_history(EditLine *el, HistoryW *history);

/// EL_ADDFN: registers `fn` as editor command `name`.
int bs_el_add_function(EditLine *el, const char *name, const char *help,
                       bs_command_fn fn);

/// EL_BIND: binds `key` (e.g. "^I", "^R") to editor command `command`.
int bs_el_bind(EditLine *el, const char *key, const char *command);

/// A character-reading function (EL_GETCFN): stores one character in its
/// second argument and returns 1, or 0 at end of file, or -1 on an error.
typedef int (*bs_getc_fn)(EditLine *el, wchar_t *ch);

/// EL_GETCFN: reads characters through `fn` instead of libedit's own reader.
int bs_el_set_getc(EditLine *el, bs_getc_fn fn);

/// EL_REFRESH: forgets what libedit drew and draws the prompt and the line
/// again, from where the cursor is now (the start of a fresh line).
int bs_el_refresh(EditLine *el);

/// EL_PREP_TERM: puts the terminal in libedit's editing mode (1) or back
/// in its original mode (0). Does nothing when it is in that mode already.
int bs_el_prep_term(EditLine *el, int editing);

/// EL_CLIENTDATA set/get: the pointer callbacks use to reach Swift.
int bs_el_set_client_data(EditLine *el, void *data);
void *bs_el_client_data(EditLine *el);

/// el_source(el, NULL): reads $EDITRC or ~/.editrc. Returns -1 when there is
/// no such file, which is normal.
int bs_el_source_default(EditLine *el);

/// The number of columns of the editor's terminal (EL_GETTC "co"); 80 when
/// unknown.
int bs_el_columns(EditLine *el);

/// history_winit + H_SETSIZE + H_SETUNIQUE.
HistoryW *bs_history_init(int size, int unique);

/// history_wend.
void bs_history_end(HistoryW *history);

/// H_SETSIZE.
int bs_history_set_size(HistoryW *history, int size);

/// H_SETUNIQUE: when non-zero, an entry equal to the newest is not added.
int bs_history_set_unique(HistoryW *history, int unique);

/// H_ENTER: adds `entry` as the newest event. Embedded newlines are kept.
int bs_history_enter(HistoryW *history, const wchar_t *entry);

/// H_CLEAR.
int bs_history_clear(HistoryW *history);

/// H_FIRST: the newest entry, or NULL when the history is empty.
const wchar_t *bs_history_first(HistoryW *history);

/// H_NEXT: the entry older than the current one, or NULL at the oldest.
const wchar_t *bs_history_next(HistoryW *history);

/// Installs the process-wide SIGINT handler (idempotent). The handler only
/// sets an atomic flag; it is installed WITHOUT SA_RESTART so a blocking
/// read() returns EINTR and the reader can give up the current line.
int bs_interrupts_install(void);

/// Whether the handler is installed.
int bs_interrupts_installed(void);

/// Returns 1 and clears the flag when a SIGINT arrived since the last call.
int bs_interrupts_consume(void);

/// Returns 1 when a SIGINT is pending, without clearing it.
int bs_interrupts_peek(void);

/// Sets the pending flag as the handler would (tests, embedding).
void bs_interrupts_signal(void);

/// Installs the process-wide SIGWINCH handler (idempotent) and makes the
/// wake pipe. The handler only records the resize and wakes the reader; the
/// reader calls el_resize on its own thread. libedit's EL_SIGNAL, which
/// resizes inside the handler on any thread, MUST stay off.
int bs_terminal_signals_install(void);

/// The read end of the pipe every handler here (and SIGINT's) writes a byte
/// to, for a reader to poll beside its input; -1 if it cannot be made.
int bs_wake_descriptor(void);

/// Reads whatever the wake pipe holds, so that the next poll waits again.
void bs_wake_drain(void);

/// Writes a byte to the wake pipe (async-signal-safe).
void bs_wake_reader(void);

/// While a line is read (1), records SIGTSTP, SIGCONT, SIGTERM, SIGHUP and
/// SIGQUIT for the reader to act on; afterwards (0), puts back the actions
/// they had. A signal recorded but not yet taken stays recorded after 0, for
/// the reader to pass on.
void bs_terminal_signals_reading(int on);

/// Each returns 1 (the signal number for termination), and clears it, when
/// that signal arrived since the last call.
int bs_terminal_signals_take_resize(void);
int bs_terminal_signals_take_suspend(void);
int bs_terminal_signals_take_continue(void);
int bs_terminal_signals_take_termination(void);

/// Raises `signo` in this thread under the action it had before the read
/// (by default: a stop for SIGTSTP, the end of the process for the others);
/// once a stopped process is continued it returns, with the reading
/// handler back in place.
void bs_terminal_signals_pass_on(int signo);

#ifdef __cplusplus
}
#endif
