// Fixed-argument wrappers over libedit's variadic el_wset/el_get/history_w.
// See include/CLibEdit.h for what each one does; comments here say why.

#include "CLibEdit.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

static int codeset_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL &&
         (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

int bs_setlocale_ctype(void) {
  setlocale(LC_CTYPE, "");
  if (codeset_is_utf8()) return 1;
  // A bare "C"/"POSIX" environment (containers, ssh without LANG) would make
  // libedit drop non-ASCII input; BindScript source is UTF-8 by definition,
  // so prefer any UTF-8 locale the system has.
  static const char *const fallbacks[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8",
                                          NULL};
  for (int i = 0; fallbacks[i] != NULL; i++) {
    if (setlocale(LC_CTYPE, fallbacks[i]) != NULL && codeset_is_utf8()) {
      return 1;
    }
  }
  return 0;
}

EditLine *bs_el_init(const char *prog, FILE *in, FILE *out, FILE *err) {
  return el_init(prog, in, out, err);
}

void bs_el_end(EditLine *el) { el_end(el); }

int bs_el_set_prompt_esc(EditLine *el, bs_prompt_fn fn, wchar_t ignore) {
  return el_wset(el, EL_PROMPT_ESC, fn, ignore);
}

// Widens an ASCII/locale string into a heap copy. Used for command names,
// which libedit keeps by pointer (map_addfunc does not copy), so the copies
// are deliberately never freed: a handful of bytes per editor.
static wchar_t *widen(const char *text) {
  size_t length = mbstowcs(NULL, text, 0);
  if (length == (size_t)-1) return NULL;
  wchar_t *wide = calloc(length + 1, sizeof(wchar_t));
  if (wide == NULL) return NULL;
  mbstowcs(wide, text, length + 1);
  return wide;
}

int bs_el_set_editor(EditLine *el, const char *mode) {
  wchar_t *wide = widen(mode);
  if (wide == NULL) return -1;
  int result = el_wset(el, EL_EDITOR, wide);
  free(wide);  // EL_EDITOR only compares the name.
  return result;
}

int bs_el_set_signal(EditLine *el, int on) {
  return el_wset(el, EL_SIGNAL, on);
}

int bs_el_set_history(EditLine *el, HistoryW *history) {
  // The wide history function with el_wset: el_set would mark the history
  // as narrow and convert every entry through the multibyte locale.
  return el_wset(el, EL_HIST, history_w, history);
}

int bs_el_add_function(EditLine *el, const char *name, const char *help,
                       bs_command_fn fn) {
  wchar_t *wide_name = widen(name);
  wchar_t *wide_help = widen(help);
  if (wide_name == NULL || wide_help == NULL) {
    free(wide_name);
    free(wide_help);
    return -1;
  }
  return el_wset(el, EL_ADDFN, wide_name, wide_help, fn);
}

int bs_el_bind(EditLine *el, const char *key, const char *command) {
  wchar_t *wide_key = widen(key);
  wchar_t *wide_command = widen(command);
  int result = -1;
  if (wide_key != NULL && wide_command != NULL) {
    // map_bind copies what it keeps, so these can be freed at once.
    result = el_wset(el, EL_BIND, wide_key, wide_command, (wchar_t *)NULL);
  }
  free(wide_key);
  free(wide_command);
  return result;
}

int bs_el_set_getc(EditLine *el, bs_getc_fn fn) {
  return el_wset(el, EL_GETCFN, fn);
}

int bs_el_refresh(EditLine *el) { return el_wset(el, EL_REFRESH); }

int bs_el_prep_term(EditLine *el, int editing) {
  return el_wset(el, EL_PREP_TERM, editing);
}

int bs_el_set_client_data(EditLine *el, void *data) {
  return el_wset(el, EL_CLIENTDATA, data);
}

void *bs_el_client_data(EditLine *el) {
  void *data = NULL;
  if (el_wget(el, EL_CLIENTDATA, &data) != 0) return NULL;
  return data;
}

int bs_el_source_default(EditLine *el) { return el_source(el, NULL); }

int bs_el_columns(EditLine *el) {
  int columns = 0;
  if (el_get(el, EL_GETTC, "co", &columns, (void *)NULL) != 0 ||
      columns <= 0) {
    return 80;
  }
  return columns;
}

HistoryW *bs_history_init(int size, int unique) {
  HistoryW *history = history_winit();
  if (history == NULL) return NULL;
  bs_history_set_size(history, size);
  bs_history_set_unique(history, unique);
  return history;
}

void bs_history_end(HistoryW *history) { history_wend(history); }

int bs_history_set_size(HistoryW *history, int size) {
  HistEventW event;
  return history_w(history, &event, H_SETSIZE, size);
}

int bs_history_set_unique(HistoryW *history, int unique) {
  HistEventW event;
  return history_w(history, &event, H_SETUNIQUE, unique);
}

int bs_history_enter(HistoryW *history, const wchar_t *entry) {
  HistEventW event;
  return history_w(history, &event, H_ENTER, entry);
}

int bs_history_clear(HistoryW *history) {
  HistEventW event;
  return history_w(history, &event, H_CLEAR);
}

const wchar_t *bs_history_first(HistoryW *history) {
  HistEventW event;
  if (history_w(history, &event, H_FIRST) != 0) return NULL;
  return event.str;
}

const wchar_t *bs_history_next(HistoryW *history) {
  HistEventW event;
  if (history_w(history, &event, H_NEXT) != 0) return NULL;
  return event.str;
}
