// C glue for what Swift cannot import from GTK/GLib: function-like macros,
// variadic functions and libdispatch's main-queue hooks.
#ifndef CALLOUTMAP_CGTK_SHIM_H
#define CALLOUTMAP_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <malloc.h>
#include <glib-unix.h>
#include <cairo.h>

// libdispatch's exported hooks, used by Foundation's run loop on Linux too.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static const gboolean cm_source_continue = G_SOURCE_CONTINUE;
static const gboolean cm_source_remove = G_SOURCE_REMOVE;

/* Large blocks (16 MiB and up) from mmap, always: glibc otherwise raises that threshold
   after the first large free and keeps later large blocks in per-thread arenas, where
   memory freed by a worker stays resident (measured: a million points clustered in the
   window peaked at 604 MB, 534 MB with this). Not lower: each block from mmap is fresh
   pages, faulted in one by one; clustering a million points makes and frees columns of
   4 to 16 MB per zoom: from mmap at 1 MiB and up they took 180,000 page faults, at 4 MiB
   93,000, at 16 MiB 54,000 (clustering, alternating: 1.14–1.64 s at 4 MiB, 1.04–1.14 s at
   16, one run of five 1.50). What the arenas keep is given back when a build starts and
   lands (cm_return_free_memory_to_the_system): the peak rises 20 MB, not 75. */
static inline void cm_return_large_blocks_to_the_system(void) { mallopt(M_MMAP_THRESHOLD, 16 << 20); }

/* Gives back the free memory every thread's arena holds (glibc keeps what a worker freed). */
static inline void cm_return_free_memory_to_the_system(void) { malloc_trim(0); }

static inline GObject *cm_object(void *p) { return G_OBJECT(p); }
static inline GtkWidget *cm_widget(void *p) { return GTK_WIDGET(p); }
static inline GtkWindow *cm_window(void *p) { return GTK_WINDOW(p); }
static inline GtkEventController *cm_controller(void *p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkGesture *cm_gesture(void *p) { return GTK_GESTURE(p); }
static inline GtkGestureSingle *cm_gesture_single(void *p) { return GTK_GESTURE_SINGLE(p); }
static inline GtkWidgetClass *cm_widget_class(void *klass) { return GTK_WIDGET_CLASS(klass); }
static inline GObjectClass *cm_object_class(void *klass) { return G_OBJECT_CLASS(klass); }
static inline GActionMap *cm_action_map(void *p) { return G_ACTION_MAP(p); }
static inline const GVariantType *cm_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
static inline GActionGroup *cm_action_group(void *p) { return G_ACTION_GROUP(p); }
static inline GMenuModel *cm_menu_model(void *p) { return G_MENU_MODEL(p); }

static inline gboolean cm_is_button(void *p) { return GTK_IS_BUTTON(p); }

// The text a clipboard holds from this process (NULL when none), for tests: a copy to g_free.
static inline char *cm_clipboard_local_text(GdkClipboard *clipboard) {
    GdkContentProvider *content = gdk_clipboard_get_content(clipboard);
    if (!content) return NULL;
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_STRING);
    char *text = NULL;
    if (gdk_content_provider_get_value(content, &value, NULL)) text = g_value_dup_string(&value);
    g_value_unset(&value);
    return text;
}

// Emits signals the way GTK's gestures do, for tests that cannot synthesize input.
static inline void cm_emit_drag(gpointer gesture, const char *signal, double x, double y) {
    g_signal_emit_by_name(gesture, signal, x, y);
}
static inline gboolean cm_emit_scroll(gpointer controller, double dx, double dy) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "scroll", dx, dy, &handled);
    return handled;
}
static inline void cm_emit_pressed(gpointer gesture, int n_press, double x, double y) {
    g_signal_emit_by_name(gesture, "pressed", n_press, x, y);
}
static inline gboolean cm_emit_key(gpointer controller, guint keyval, guint keycode, GdkModifierType state) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "key-pressed", keyval, keycode, state, &handled);
    return handled;
}

static inline void cm_emit_clicked(gpointer button) {
    g_signal_emit_by_name(button, "clicked");
}

// g_object_get/set are variadic.
static inline char *cm_get_string_property(gpointer object, const char *name) {
    char *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline void cm_set_string_property(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}
static inline int cm_get_int_property(gpointer object, const char *name) {
    int value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline gboolean cm_get_bool_property(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline void cm_set_bool_property(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

// gtk_accessible_update_property is variadic.
static inline void cm_accessible_set_label(gpointer accessible, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void cm_accessible_set_description(gpointer accessible, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
static inline void cm_accessible_set_selected(gpointer accessible, gboolean selected) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

#endif
