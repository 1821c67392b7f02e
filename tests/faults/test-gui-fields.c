/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The plan page's text fields fed garbage, extremes and overflow:
 * each value marks the plan invalid, puts one message beside the field (in
 * words, no CLI option name) and the field's title in the reason Run is off,
 * and builds no plan; a good value afterwards clears it all. Runs
 * under Xvfb (tests/gui/xvfb-run.sh) through the page's own API. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ib-plan-page.h"
#include "ib-resources.h"

typedef struct
{
  IbPlanField  field;
  const char  *name;       /* the CLI's word the message must not start with */
  const char  *title;      /* what the reason Run is off must name */
  gboolean     list_mode;
  const char  *good;
  const char  *valid[5];   /* garbage this field accepts (e.g. a 0 seed; an empty seed:
                            * a new one each run) */
} FieldCase;

static const FieldCase fields[] = {
  { IB_PLAN_FIELD_COUNT, "count", "Number of files", FALSE, "3", { NULL } },
  { IB_PLAN_FIELD_SIZE, "size", "File size", FALSE, "64K", { "4294967296", NULL } },
  { IB_PLAN_FIELD_LIST, "files", "File sizes", TRUE, "64K,1M", { "4294967296", NULL } },
  { IB_PLAN_FIELD_SEED, "seed", "Random seed", FALSE, "42", { "0", "-0", "4294967296", "", NULL } },
};

static const char *garbage[] = {
  "0", "-1", "-0", "1.5", "1e30", "12Q", "", " ", "18446744073709551616", "4294967296",
  "99999999999999999999999999999", "0x10", "nan", "inf", "7 7", "+-3", "1M,,1M", "1M,0",
  ",", "\xff\xfe", "١٢", "65G",
};

static gboolean
accepted (const FieldCase *c,
          const char      *value)
{
  for (guint i = 0; c->valid[i] != NULL; i++)
    if (g_str_equal (c->valid[i], value))
      return TRUE;
  return FALSE;
}

static void
set_good_fields (IbPlanPage *page)
{
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    ib_plan_page_set_field_text (page, fields[i].field, fields[i].good);
}

static void
test_field (gconstpointer data)
{
  const FieldCase *c = data;
  IbPlanPage *page = g_object_ref_sink (g_object_new (IB_TYPE_PLAN_PAGE, NULL));
  g_autoptr(GError) error = NULL;
  g_autoptr(IbPlan) plan = NULL;

  ib_plan_page_set_list_mode (page, c->list_mode);
  set_good_fields (page);
  g_assert_null (ib_plan_page_get_field_error (page, c->field));
  g_assert_true (ib_plan_page_get_valid (page));

  for (guint i = 0; i < G_N_ELEMENTS (garbage); i++)
    {
      const char *value = garbage[i];
      const char *message;
      g_autoptr(IbPlan) bad = NULL;
      g_autoptr(GError) bad_error = NULL;

      /* GtkEditable holds UTF-8 only: skip what it could never be given. */
      if (accepted (c, value) || !g_utf8_validate (value, -1, NULL))
        continue;
      g_test_message ("%s = “%s”", c->name, value);
      ib_plan_page_set_field_text (page, c->field, value);

      message = ib_plan_page_get_field_error (page, c->field);
      if (message == NULL)
        g_error ("%s accepted “%s”", c->name, value);
      g_assert_cmpstr (message, !=, "");
      g_assert_true (g_utf8_validate (message, -1, NULL));
      if (g_str_has_prefix (message, c->name))
        g_error ("%s = “%s”: the message names the CLI option: %s", c->name, value, message);
      g_assert_false (ib_plan_page_get_valid (page));
      g_assert_nonnull (ib_plan_page_get_error (page));
      if (strstr (ib_plan_page_get_error (page), c->title) == NULL)
        g_error ("%s = “%s”: the reason Run is off does not name the field: %s", c->name,
                 value, ib_plan_page_get_error (page));
      bad = ib_plan_page_build_plan (page, &bad_error);
      g_assert_null (bad);
      g_assert_nonnull (bad_error);
      /* The other fields stay clean: one message, beside its field. */
      for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
        if (fields[f].field != c->field && fields[f].list_mode == c->list_mode)
          g_assert_null (ib_plan_page_get_field_error (page, fields[f].field));
    }

  /* A good value clears it all. */
  ib_plan_page_set_field_text (page, c->field, c->good);
  g_assert_null (ib_plan_page_get_field_error (page, c->field));
  g_assert_true (ib_plan_page_get_valid (page));
  plan = ib_plan_page_build_plan (page, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);

  g_object_unref (page);
}

int
main (int    argc,
      char **argv)
{
  gtk_disable_setlocale ();
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();
  ib_app_register_resource ();

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *path = g_strdup_printf ("/faults/gui-fields/%s", fields[i].name);

      g_test_add_data_func (path, &fields[i], test_field);
    }
  return g_test_run ();
}
