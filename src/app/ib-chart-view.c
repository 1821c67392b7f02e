/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-view.c: draws a chart in snapshot() through
 * gtk_snapshot_append_cairo() with the same renderer export uses. Colours
 * follow the theme: light, dark or high contrast from AdwStyleManager, the
 * foreground from the widget's CSS colour; redrawn when either changes. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "analysis/ib-analysis.h"
#include "analysis/ib-compare.h"
#include "ib-chart-view.h"

struct _IbChartView
{
  GtkWidget    parent_instance;

  const IbChartKindInfo *kind;
  IbReport    *report;
  IbComparison          *comparison; /* a kind of two runs: the two runs and their rows */
  gboolean     log_scale;
  gboolean     live;
  IbCompareChart compare;
  char        *description;  /* the accessible description last set */
  guint        measured_rows; /* size_rows() when last measured */
};

G_DEFINE_FINAL_TYPE (IbChartView, ib_chart_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_KIND,
  PROP_LOG_SCALE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
ib_chart_view_get_style (IbChartView  *self,
                         IbChartStyle *style)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (manager);
  GdkRGBA fg;

  g_return_if_fail (IB_IS_CHART_VIEW (self));

  if (adw_style_manager_get_high_contrast (manager))
    ib_chart_style_init_high_contrast (style, dark);
  else if (dark)
    ib_chart_style_init_dark (style);
  else
    ib_chart_style_init_light (style);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  style->foreground = (IbRgba) { fg.red, fg.green, fg.blue, fg.alpha };
  style->transparent = TRUE;
  style->log_scale = self->log_scale;
  style->keep_order = self->live;
  style->compare = self->compare;
}

static void
ib_chart_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  IbChartView *self = IB_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  IbChartStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0 || self->report == NULL)
    return;

  ib_chart_view_get_style (self, &style);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  ib_chart_draw (cr, &(IbChartRequest) { self->kind, self->report, self->comparison, &style,
                                         width, height });
  cairo_destroy (cr);
}

static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  IbChartView *self = IB_CHART_VIEW (widget);
  g_autofree char *text = NULL;
  IbChartStyle style;

  if (self->report == NULL || keyboard_mode)
    return FALSE;

  ib_chart_view_get_style (self, &style);
  text = ib_chart_query_tooltip (&(IbChartRequest) { self->kind, self->report, self->comparison,
                                                     &style, gtk_widget_get_width (widget),
                                                     gtk_widget_get_height (widget) },
                                 x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
ib_chart_view_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ib_chart_view_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
on_style_changed (AdwStyleManager *manager,
                  GParamSpec      *pspec,
                  IbChartView     *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Rows of the comparison's chart: every row either run has. */
static guint
compare_rows (IbChartView *self)
{
  IbCompareChart what;

  if (self->comparison == NULL)
    return 0;
  what = ib_chart_compare_resolve (self->compare, self->comparison);
  return ib_comparison_get_all_rows (self->comparison, ib_chart_compare_section (what))->len;
}

/* Rows of a chart that grows with its rows in the window
 * (IbChartKindInfo.grows_in_window; 0 for the others). While a run goes on,
 * room for every strategy of its plan from the start: a strategy reached
 * later fills its place, not a new one (which would lay the whole window
 * out again). */
static guint
chart_rows (IbChartView *self)
{
  const IbPlan *plan;
  guint rows;

  if (self->report == NULL || self->report->statistics == NULL ||
      !self->kind->grows_in_window || self->kind->rows == NULL)
    return 0;
  rows = self->kind->rows (self->report);
  plan = self->report->plan;
  if (self->live && plan != NULL && plan->file_sizes != NULL && plan->file_sizes->len > 0 &&
      plan->strategies != NULL)
    rows = MAX (rows, plan->strategies->len);
  return rows;
}

/* The rows the chart's size depends on. */
static guint
size_rows (IbChartView *self)
{
  return self->kind->two_runs ? compare_rows (self) : chart_rows (self);
}

static void
ib_chart_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  IbChartView *self = IB_CHART_VIEW (widget);
  /* Small enough for a 360 px wide window, big enough to read; charts with
   * a row per strategy grow with the number of strategies. */
  guint rows = chart_rows (self);

  self->measured_rows = size_rows (self);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 280;
      *natural = 720;
    }
  else
    {
      /* Scrolled windows give their child its minimum height. The
       * comparison draws two bars a row and its legend names both runs:
       * tall enough not to fall back to the compact layout. */
      if (self->kind->two_runs)
        *minimum = MAX (400, 180 + (int) compare_rows (self) * 48);
      else if (for_size > 0 && for_size < 560)
        /* Narrow (the renderer's compact size): each name goes on a line
         * above its bar and the legend wraps, so rows are taller. */
        *minimum = MAX (340, 190 + (int) rows * 36);
      else
        *minimum = MAX (340, 120 + (int) rows * 26);
      *natural = *minimum;
    }
}

static GtkSizeRequestMode
ib_chart_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ib_chart_view_dispose (GObject *object)
{
  IbChartView *self = IB_CHART_VIEW (object);

  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  g_clear_pointer (&self->report, ib_report_unref);
  g_clear_pointer (&self->comparison, ib_comparison_unref);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (ib_chart_view_parent_class)->dispose (object);
}

static void
ib_chart_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  IbChartView *self = IB_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_pointer (value, (gpointer) self->kind);
      break;
    case PROP_LOG_SCALE:
      g_value_set_boolean (value, self->log_scale);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ib_chart_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  IbChartView *self = IB_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_pointer (value);
      if (self->kind == NULL)
        self->kind = ib_chart_kind_nth (0);
      break;
    case PROP_LOG_SCALE:
      ib_chart_view_set_log_scale (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ib_chart_view_class_init (IbChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ib_chart_view_dispose;
  object_class->get_property = ib_chart_view_get_property;
  object_class->set_property = ib_chart_view_set_property;

  widget_class->snapshot = ib_chart_view_snapshot;
  widget_class->measure = ib_chart_view_measure;
  widget_class->get_request_mode = ib_chart_view_get_request_mode;
  widget_class->css_changed = ib_chart_view_css_changed;

  properties[PROP_KIND] =
    /* the IbChartKindInfo (ib-chart.h) it draws */
    g_param_spec_pointer ("kind", NULL, NULL,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOG_SCALE] =
    g_param_spec_boolean ("log-scale", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "chartview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ib_chart_view_init (IbChartView *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  g_signal_connect (manager, "notify::dark", G_CALLBACK (on_style_changed), self);
  g_signal_connect (manager, "notify::high-contrast", G_CALLBACK (on_style_changed), self);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
ib_chart_view_new (const IbChartKindInfo *kind)
{
  GtkWidget *widget;

  g_return_val_if_fail (kind != NULL, NULL);

  widget = g_object_new (IB_TYPE_CHART_VIEW, "kind", kind, NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, ib_chart_kind_title (kind),
                                  -1);
  return widget;
}

const IbChartKindInfo *
ib_chart_view_get_kind (IbChartView *self)
{
  g_return_val_if_fail (IB_IS_CHART_VIEW (self), NULL);
  return self->kind;
}

/* What the chart shows, in words, for a screen reader: the chart layer
 * describes each kind from the data it draws (ib_chart_describe). */
static void
update_description (IbChartView *self)
{
  IbChartStyle style;
  g_autofree char *described = NULL;
  g_autoptr(GString) text = NULL;

  ib_chart_view_get_style (self, &style);
  described = ib_chart_describe (&(IbChartRequest) { self->kind, self->report, self->comparison,
                                                     &style, 0, 0 });
  text = g_string_new (described);
  /* Unchanged during most of a live run: no accessibility event then. */
  if (g_strcmp0 (self->description, text->len > 0 ? text->str : NULL) == 0)
    return;
  g_free (self->description);
  self->description = text->len > 0 ? g_strdup (text->str) : NULL;
  if (text->len > 0)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    text->str, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

void
ib_chart_view_set_reports (IbChartView  *self,
                           IbReport     *report,
                           IbComparison *comparison)
{
  g_return_if_fail (IB_IS_CHART_VIEW (self));

  if (report != NULL)
    ib_report_ref (report);
  if (comparison != NULL)
    ib_comparison_ref (comparison);
  g_clear_pointer (&self->report, ib_report_unref);
  g_clear_pointer (&self->comparison, ib_comparison_unref);
  self->report = report;
  self->comparison = comparison;
  update_description (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

IbReport *
ib_chart_view_get_report (IbChartView *self)
{
  g_return_val_if_fail (IB_IS_CHART_VIEW (self), NULL);
  return self->report;
}

void
ib_chart_view_set_log_scale (IbChartView *self,
                             gboolean     log_scale)
{
  g_return_if_fail (IB_IS_CHART_VIEW (self));

  log_scale = !!log_scale;
  if (self->log_scale == log_scale)
    return;
  self->log_scale = log_scale;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOG_SCALE]);
}

void
ib_chart_view_set_live (IbChartView *self,
                        gboolean     live)
{
  g_return_if_fail (IB_IS_CHART_VIEW (self));

  if (self->live == !!live)
    return;
  self->live = !!live;
  if (size_rows (self) != self->measured_rows)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ib_chart_view_set_compare (IbChartView    *self,
                           IbCompareChart  compare)
{
  g_return_if_fail (IB_IS_CHART_VIEW (self));

  if (self->compare == compare)
    return;
  self->compare = compare;
  update_description (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ib_chart_view_get_log_scale (IbChartView *self)
{
  g_return_val_if_fail (IB_IS_CHART_VIEW (self), FALSE);
  return self->log_scale;
}

void
ib_chart_view_refresh (IbChartView *self)
{
  g_return_if_fail (IB_IS_CHART_VIEW (self));
  update_description (self);
  /* Only a new strategy row changes the size; new values only redraw (a
   * resize would lay the whole window out again, ten times a second). */
  if (size_rows (self) != self->measured_rows)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  else
    gtk_widget_queue_draw (GTK_WIDGET (self));
}
