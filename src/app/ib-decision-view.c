/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-decision-view.c: the decision phase while it runs (see
 * ib-decision-view.h). Three labels say it all (a screen reader reads
 * them); the bar below them draws the same numbers: the margin band around
 * 1, the line at 1, every interval so far as a thin line (the oldest at the
 * top, so the stack narrows like a funnel) and the newest as a thick bar
 * with its estimate. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "analysis/ib-labels.h"
#include "analysis/ib-verdict.h"
#include "engine/io/ib-strategy.h"
#include "ib-decision-view.h"

/* Intervals kept for the funnel (the newest ones). */
#define MAX_HISTORY 48
/* The bar's height, px. */
#define BAR_HEIGHT  44

typedef struct
{
  double low, high;
} Interval;

struct _IbDecisionView
{
  GtkWidget        parent_instance;

  GtkWidget       *pair_label;    /* which pair */
  GtkWidget       *interval_label; /* where it stands */
  GtkWidget       *bar;
  GtkWidget       *rule_label;    /* what decides it */
  GtkWidget       *when_label;    /* when it looks next, and why a clear interval waits */
  gint64           next_look_us;  /* g_get_monotonic_time () of the next planned look, or -1 */
  guint            tick_id;       /* counts down to it, once a second */
  IbRunController *controller;
  IbDecisionLook  *look;          /* the newest, NULL when none */
  GArray          *history;       /* Interval of the current line */
};

G_DEFINE_FINAL_TYPE (IbDecisionView, ib_decision_view, GTK_TYPE_WIDGET)

/* ---- words ------------------------------------------------------------ */

static char *
pair_text (const IbDecisionLook *look)
{
  /* Translators: the decision phase in the window: "Deciding the answer:
   * Sync stream against Async single read (parallel)" */
  return g_strdup_printf (_("Deciding the answer: %s against %s"), ib_strategy_title (look->a),
                          ib_strategy_title (look->b));
}

static char *
interval_text (const IbDecisionLook *look)
{
  g_autofree char *range = NULL;

  if (look->look)
    {
      /* The line's result: THE verdict's words (ib-verdict.h). */
      IbPaired paired = { 0 };
      IbVerdictInterval iv;

      paired.verdict = look->verdict;
      paired.n = look->n_pairs;
      paired.ratio = look->ratio;
      paired.ci_low = look->ci_low;
      paired.ci_high = look->ci_high;
      paired.ci_level = look->ci_level;
      paired.margin = look->margin;
      paired.more_pairs = look->more_pairs;
      ib_verdict_for_paired (&paired, &iv);
      return ib_verdict_text (&iv, ib_strategy_title (look->a), ib_strategy_title (look->b),
                              IB_VERDICT_WORDING_FASTER_FIRST);
    }
  if (look->n_pairs == 0)
    return g_strdup (_("Measuring the first pairs…"));
  if (look->ci_level <= 0 || !(look->ci_low > 0))
    /* Translators: the decision phase before its interval: "3 pairs so far" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u pair so far; the interval comes "
                                         "with the first planned look",
                                         "%u pairs so far; the interval comes with the first "
                                         "planned look", look->n_pairs),
                            look->n_pairs);
  range = ib_format_ratio_ci (look->ratio, look->ci_low, look->ci_high);
  /* No level here: a look's own level (98.34 %) beside the procedure's
   * 95 % (when_text) would be two numbers for one question. */
  /* Translators: the decision phase's interval narrowing: "Time ratio 0.72-1.10
   * after 52 pairs"; the ratio is the second strategy's time over the
   * first's */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Time ratio %s after %u pair",
                                       "Time ratio %s after %u pairs",
                                       look->n_pairs),
                          range, look->n_pairs);
}

static char *
rule_text (const IbDecisionLook *look)
{
  g_autofree char *band = ib_format_ratio_ci (1.0, 1.0 / (1.0 + look->margin),
                                              1.0 + look->margin);

  /* Translators: how the decision phase decides: "Decided when the whole
   * interval lies below 1 (Async single read (parallel) faster), above 1
   * (Sync stream faster) or within 0.91-1.1 (equivalent within ±10 %)" */
  return g_strdup_printf (_("Decided when the whole interval lies below 1 (%s faster), above 1 "
                            "(%s faster) or within %s (equivalent within ±%.0f %%)"),
                          ib_strategy_title (look->b), ib_strategy_title (look->a), band,
                          look->margin * 100);
}

/* Whether the interval of a peek already lies where a look would decide:
 * wholly below 1, above 1 or within the margin. */
static gboolean
looks_clear (const IbDecisionLook *look)
{
  double edge = 1.0 + look->margin;

  if (look->ci_level <= 0 || !(look->ci_low > 0))
    return FALSE;
  return look->ci_high < 1.0 || look->ci_low > 1.0 ||
         (look->ci_low >= 1.0 / edge && look->ci_high <= edge);
}

/* When the line looks next (@in_s seconds from now), and, when its
 * interval already seems clear, why it waits for that look. */
static char *
when_text (const IbDecisionLook *look,
           guint                 in_s)
{
  g_autofree char *next = NULL;
  g_autofree char *level = NULL;

  if (look->look || look->next_look_in_ns < 0)
    return NULL;
  if (look->next_is_last)
    /* Translators: the decision phase in the window: when its last planned
     * look comes, "Next check in 6 s, at the end of this line's time." */
    next = g_strdup_printf (_("Next check in %u s, at the end of this line’s time."), in_s);
  else
    /* Translators: the decision phase in the window: when its next planned
     * look comes, "Next check in 6 s." */
    next = g_strdup_printf (_("Next check in %u s."), in_s);
  if (!looks_clear (look))
    return g_steal_pointer (&next);
  level = ib_format_level (look->level);
  /* Translators: the decision phase in the window, under an interval that
   * already lies below 1, above 1 or within the margin; %s is the level of
   * the whole procedure, "95 %", then when the next look comes */
  return g_strdup_printf (_("The interval looks clear already, but decisions are taken only at "
                            "planned looks, so the level stays %s. %s"), level, next);
}

/* ---- the bar ---------------------------------------------------------- */

static double
x_of (double ratio,
      double lo,
      double hi,
      double width)
{
  return (log (ratio) - log (lo)) / (log (hi) - log (lo)) * width;
}

static void
draw_bar (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        user_data)
{
  IbDecisionView *self = user_data;
  const IbDecisionLook *look = self->look;
  GdkRGBA fg;
  double lo = 1.0 / 1.25, hi = 1.25, edge, rows_h, row;
  double pad = 4.0, w = width - 2 * pad;
  const Interval *cur;

  if (look == NULL || self->history->len == 0 || w <= 0)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS

  /* A log axis wide enough for every interval so far and the margin, at
   * most 1/16 to 16 (ends beyond it are drawn at the edge). */
  edge = 1.0 + look->margin;
  for (guint i = 0; i < self->history->len; i++)
    {
      const Interval *iv = &g_array_index (self->history, Interval, i);

      lo = MIN (lo, iv->low);
      hi = MAX (hi, iv->high);
    }
  lo = MAX (MIN (lo, 1.0 / edge) / 1.1, 1.0 / 16);
  hi = MIN (MAX (hi, edge) * 1.1, 16.0);
  /* symmetric about 1, so "below" and "above" look alike */
  hi = MAX (hi, 1.0 / lo);
  lo = 1.0 / hi;
  cairo_translate (cr, pad, 0);

  /* the equivalence band and the line at 1 */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.12);
  cairo_rectangle (cr, x_of (1.0 / edge, lo, hi, w), 0,
                   x_of (edge, lo, hi, w) - x_of (1.0 / edge, lo, hi, w), height);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, round (x_of (1.0, lo, hi, w)) + 0.5, 0);
  cairo_line_to (cr, round (x_of (1.0, lo, hi, w)) + 0.5, height);
  cairo_stroke (cr);

  /* the funnel: earlier intervals, oldest on top */
  rows_h = height - 14.0;
  row = self->history->len > 1 ? MIN (rows_h / (self->history->len - 1), 4.0) : 0;
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  for (guint i = 0; i + 1 < self->history->len; i++)
    {
      const Interval *iv = &g_array_index (self->history, Interval, i);
      double y = rows_h - (self->history->len - 1 - i) * row + 1.0;

      cairo_rectangle (cr, x_of (CLAMP (iv->low, lo, hi), lo, hi, w), y,
                       MAX (x_of (CLAMP (iv->high, lo, hi), lo, hi, w) -
                            x_of (CLAMP (iv->low, lo, hi), lo, hi, w), 1.0), MAX (row - 1.0, 1.0));
      cairo_fill (cr);
    }

  /* the newest interval and its estimate */
  cur = &g_array_index (self->history, Interval, self->history->len - 1);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1.0);   /* the accent blue */
  cairo_rectangle (cr, x_of (CLAMP (cur->low, lo, hi), lo, hi, w), height - 10.0,
                   MAX (x_of (CLAMP (cur->high, lo, hi), lo, hi, w) -
                        x_of (CLAMP (cur->low, lo, hi), lo, hi, w), 2.0), 8.0);
  cairo_fill (cr);
  if (look->ratio > 0)
    {
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 1.0);
      cairo_arc (cr, x_of (CLAMP (look->ratio, lo, hi), lo, hi, w), height - 6.0, 3.0, 0,
                 2 * G_PI);
      cairo_fill (cr);
    }
}

/* ---- the view --------------------------------------------------------- */

static void
set_label (GtkWidget  *label,
           const char *text)
{
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  gtk_widget_set_visible (label, text != NULL && *text != '\0');
}

/* Whole seconds to the next look, rounded up: "in 6 s" until it is less
 * than 5 s away. */
static guint
seconds_left (IbDecisionView *self)
{
  gint64 left = self->next_look_us - g_get_monotonic_time ();

  return left > 0 ? (guint) ((left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC) : 0;
}

static gboolean
tick_cb (gpointer user_data)
{
  IbDecisionView *self = user_data;
  g_autofree char *when = NULL;

  if (self->look == NULL || self->next_look_us < 0)
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  when = when_text (self->look, seconds_left (self));
  set_label (self->when_label, when);
  return G_SOURCE_CONTINUE;
}

static void
show_when (IbDecisionView       *self,
           const IbDecisionLook *look)
{
  g_autofree char *when = NULL;

  self->next_look_us = look != NULL && !look->look && look->next_look_in_ns >= 0
                       ? g_get_monotonic_time () + look->next_look_in_ns / 1000 : -1;
  if (self->next_look_us < 0)
    {
      g_clear_handle_id (&self->tick_id, g_source_remove);
      set_label (self->when_label, NULL);
      return;
    }
  when = when_text (look, seconds_left (self));
  set_label (self->when_label, when);
  if (self->tick_id == 0)
    self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
}

void
ib_decision_view_show_look (IbDecisionView       *self,
                            const IbDecisionLook *look)
{
  g_autofree char *pair = NULL;
  g_autofree char *interval = NULL;
  g_autofree char *rule = NULL;

  g_return_if_fail (IB_IS_DECISION_VIEW (self));

  if (look == NULL)
    {
      g_clear_pointer (&self->look, ib_decision_look_free);
      g_array_set_size (self->history, 0);
      show_when (self, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }

  /* A new line starts its own funnel. */
  if (self->look != NULL && (g_strcmp0 (self->look->line, look->line) != 0 ||
                             look->n_pairs < self->look->n_pairs))
    g_array_set_size (self->history, 0);
  g_clear_pointer (&self->look, ib_decision_look_free);
  self->look = ib_decision_look_copy (look);
  if (look->ci_level > 0 && look->ci_low > 0 && look->ci_high >= look->ci_low)
    {
      Interval iv = { look->ci_low, look->ci_high };

      if (self->history->len == MAX_HISTORY)
        g_array_remove_index (self->history, 0);
      g_array_append_val (self->history, iv);
    }

  pair = pair_text (look);
  interval = interval_text (look);
  rule = look->look ? NULL : rule_text (look);
  set_label (self->pair_label, pair);
  set_label (self->interval_label, interval);
  set_label (self->rule_label, rule);
  show_when (self, self->look);
  gtk_widget_set_visible (self->bar, self->history->len > 0);
  gtk_widget_queue_draw (self->bar);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

char *
ib_decision_view_dup_text (IbDecisionView *self)
{
  GString *text = g_string_new (NULL);
  GtkWidget *labels[4];

  g_return_val_if_fail (IB_IS_DECISION_VIEW (self), g_strdup (""));

  labels[0] = self->pair_label;
  labels[1] = self->interval_label;
  labels[2] = self->rule_label;
  labels[3] = self->when_label;
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    return g_string_free (text, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (gtk_widget_get_visible (labels[i]))
      g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "",
                              gtk_label_get_text (GTK_LABEL (labels[i])));
  return g_string_free (text, FALSE);
}

static void
on_decision (IbRunController      *controller,
             const IbDecisionLook *look,
             IbDecisionView       *self)
{
  ib_decision_view_show_look (self, look);
}

static void
on_running (IbRunController *controller,
            GParamSpec      *pspec,
            IbDecisionView  *self)
{
  /* A new run starts with nothing decided; a finished one leaves its last
   * look until the next (the progress card that holds it hides anyway). */
  if (ib_run_controller_get_running (controller))
    ib_decision_view_show_look (self, NULL);
}

void
ib_decision_view_set_controller (IbDecisionView  *self,
                                 IbRunController *controller)
{
  g_return_if_fail (IB_IS_DECISION_VIEW (self));
  g_return_if_fail (IB_IS_RUN_CONTROLLER (controller));

  if (self->controller != NULL)
    g_signal_handlers_disconnect_by_data (self->controller, self);
  g_set_object (&self->controller, controller);
  g_signal_connect_object (controller, "decision", G_CALLBACK (on_decision), self, 0);
  g_signal_connect_object (controller, "notify::running", G_CALLBACK (on_running), self, 0);
}

static GtkWidget *
new_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
ib_decision_view_dispose (GObject *object)
{
  IbDecisionView *self = IB_DECISION_VIEW (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  if (self->controller != NULL)
    g_signal_handlers_disconnect_by_data (self->controller, self);
  g_clear_object (&self->controller);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  G_OBJECT_CLASS (ib_decision_view_parent_class)->dispose (object);
}

static void
ib_decision_view_finalize (GObject *object)
{
  IbDecisionView *self = IB_DECISION_VIEW (object);

  g_clear_pointer (&self->look, ib_decision_look_free);
  g_clear_pointer (&self->history, g_array_unref);
  G_OBJECT_CLASS (ib_decision_view_parent_class)->finalize (object);
}

static void
ib_decision_view_class_init (IbDecisionViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ib_decision_view_dispose;
  object_class->finalize = ib_decision_view_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "decision-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ib_decision_view_init (IbDecisionView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  self->history = g_array_new (FALSE, FALSE, sizeof (Interval));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 4);

  self->pair_label = new_label (NULL);
  self->interval_label = new_label ("numeric");
  /* The labels say what the bar draws: the bar is left out for screen
   * readers. */
  self->bar = g_object_new (GTK_TYPE_DRAWING_AREA,
                            "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                            "content-height", BAR_HEIGHT,
                            "hexpand", TRUE,
                            NULL);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->bar), draw_bar, self, NULL);
  self->rule_label = new_label ("dim-label");
  self->when_label = new_label ("dim-label");
  self->next_look_us = -1;
  gtk_widget_set_parent (self->pair_label, GTK_WIDGET (self));
  gtk_widget_set_parent (self->interval_label, GTK_WIDGET (self));
  gtk_widget_set_parent (self->bar, GTK_WIDGET (self));
  gtk_widget_set_parent (self->rule_label, GTK_WIDGET (self));
  gtk_widget_set_parent (self->when_label, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Decision phase"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
ib_decision_view_new (void)
{
  return g_object_new (IB_TYPE_DECISION_VIEW, NULL);
}
