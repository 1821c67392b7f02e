/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-side-scroller.c: a GtkScrolledWindow that scrolls sideways only and is
 * as tall as its child plus, when the child is wider than the page, the
 * scrollbar: GtkScrolledWindow leaves the scrollbar out of its natural
 * height, and it then hid the table's last row. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include "ib-side-scroller.h"

struct _IbSideScroller
{
  GtkWidget  parent_instance;

  GtkWidget *scroller;
};

G_DEFINE_FINAL_TYPE (IbSideScroller, ib_side_scroller, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_CHILD, N_PROPS };

static GParamSpec *props[N_PROPS];

/* ---- wheel ------------------------------------------------------------ */

static gboolean
on_inner_scroll (GtkEventControllerScroll *controller,
                 double                    dx,
                 double                    dy,
                 gpointer                  user_data)
{
  GtkWidget *inner = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *parent = gtk_widget_get_parent (inner);
  GtkWidget *outer = parent != NULL ? gtk_widget_get_ancestor (parent, GTK_TYPE_SCROLLED_WINDOW)
                                    : NULL;
  GdkModifierType state = gtk_event_controller_get_current_event_state (
                            GTK_EVENT_CONTROLLER (controller));
  GtkAdjustment *adj;
  double step;

  /* Shift + wheel, sideways gestures and lone tables: the table's own. */
  if (outer == NULL || dy == 0 || (state & GDK_SHIFT_MASK) || fabs (dx) > fabs (dy))
    return FALSE;
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (outer));
  step = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL
       ? pow (gtk_adjustment_get_page_size (adj), 2.0 / 3.0) : 1.0;
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + dy * step);
  return TRUE;
}

void
ib_scroll_pass_vertical (GtkScrolledWindow *inner)
{
  GtkEventController *scroll;

  g_return_if_fail (GTK_IS_SCROLLED_WINDOW (inner));

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_inner_scroll), NULL);
  gtk_widget_add_controller (GTK_WIDGET (inner), scroll);
}

/* ---- keys ------------------------------------------------------------- */

/* Left and Right show the columns to the side, which the keyboard could not
 * reach otherwise (a column view takes them and does nothing). */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                IbSideScroller        *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  double step = gtk_adjustment_get_page_size (adj) / 3;

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  if (keyval == GDK_KEY_Left || keyval == GDK_KEY_KP_Left)
    step = -step;
  else if (keyval != GDK_KEY_Right && keyval != GDK_KEY_KP_Right)
    return FALSE;
  if (gtk_adjustment_get_upper (adj) <= gtk_adjustment_get_page_size (adj))
    return FALSE;
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + step);
  return TRUE;
}

/* ---- size ------------------------------------------------------------- */

static GtkSizeRequestMode
ib_side_scroller_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ib_side_scroller_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  IbSideScroller *self = IB_SIDE_SCROLLER (widget);
  GtkWidget *child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));
  int child_min = 0, bar_nat = 0;

  gtk_widget_measure (self->scroller, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation != GTK_ORIENTATION_VERTICAL || for_size < 0 || child == NULL)
    return;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
  if (child_min > for_size)
    {
      GtkWidget *bar = gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (self->scroller));

      gtk_widget_measure (bar, GTK_ORIENTATION_VERTICAL, -1, NULL, &bar_nat, NULL, NULL);
      *minimum += bar_nat;
      *natural += bar_nat;
    }
}

static void
ib_side_scroller_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  gtk_widget_allocate (IB_SIDE_SCROLLER (widget)->scroller, width, height, baseline, NULL);
}

/* ---- GObject ---------------------------------------------------------- */

GtkWidget *
ib_side_scroller_get_child (IbSideScroller *self)
{
  g_return_val_if_fail (IB_IS_SIDE_SCROLLER (self), NULL);
  return gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));
}

void
ib_side_scroller_set_child (IbSideScroller *self,
                            GtkWidget      *child)
{
  g_return_if_fail (IB_IS_SIDE_SCROLLER (self));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), child);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CHILD]);
}

static void
ib_side_scroller_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  IbSideScroller *self = IB_SIDE_SCROLLER (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, ib_side_scroller_get_child (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ib_side_scroller_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  IbSideScroller *self = IB_SIDE_SCROLLER (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      ib_side_scroller_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ib_side_scroller_dispose (GObject *object)
{
  IbSideScroller *self = IB_SIDE_SCROLLER (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (ib_side_scroller_parent_class)->dispose (object);
}

static void
ib_side_scroller_class_init (IbSideScrollerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ib_side_scroller_get_property;
  object_class->set_property = ib_side_scroller_set_property;
  object_class->dispose = ib_side_scroller_dispose;
  widget_class->get_request_mode = ib_side_scroller_get_request_mode;
  widget_class->measure = ib_side_scroller_measure;
  widget_class->size_allocate = ib_side_scroller_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "sidescroller");

  props[PROP_CHILD] = g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                           G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
ib_side_scroller_init (IbSideScroller *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  /* A scrollbar of its own under the last row, not over it, shown whenever
   * columns are out of sight: with the fade (style.css), the cue. */
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (self->scroller), FALSE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  ib_scroll_pass_vertical (GTK_SCROLLED_WINDOW (self->scroller));

  /* Before the child, which may take the sideways arrows and do nothing. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

GtkWidget *
ib_side_scroller_new (void)
{
  return g_object_new (IB_TYPE_SIDE_SCROLLER, NULL);
}
