/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plan-fuse DIR: the plan page pointed at DIR (a faultfs mount whose
 * statfs(2) is slow, from fuse.sh) shows the FUSE warning under the folder,
 * and a page dropped while its folder probe is still in statfs is let go on
 * the main thread. Under Xvfb. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>

#include <adwaita.h>

#include "ib-plan-page.h"
#include "ib-resources.h"

static char *dir;

static void
test_fuse_warning (void)
{
  IbPlanPage *page = g_object_ref_sink (g_object_new (IB_TYPE_PLAN_PAGE, NULL));
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  ib_plan_page_set_dir (page, dir);
  ib_plan_page_refresh_space (page);
  while (!ib_plan_page_get_space_known (page) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (ib_plan_page_get_space_known (page));
  g_assert_cmpstr (ib_plan_page_get_fs_warning (page), ==, "This folder is on a FUSE file system");
  g_object_unref (page);
}

static void
note_thread (gpointer  data,
             GObject  *where_the_object_was)
{
  GThread **thread = data;

  (void) where_the_object_was;
  *thread = g_thread_self ();
}

/* Once seen in CI as "ok 1", then exit status 139: the probe ran as a GTask
 * in GLib's pool, a replaced probe returned at once when cancelled and the
 * pool thread, still in a slow statfs, dropped the last reference to its
 * task and with it the page, off the main thread (here: while the process
 * exited). Now the probe's task is let go on the main thread. */
static void
test_dropped_mid_probe (void)
{
  IbPlanPage *page = g_object_ref_sink (g_object_new (IB_TYPE_PLAN_PAGE, NULL));
  g_autofree char *other = g_dir_make_tmp ("iobench-plan-XXXXXX", NULL);
  GThread *finalized_in = NULL;
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_assert_nonnull (other);
  g_object_weak_ref (G_OBJECT (page), note_thread, &finalized_in);
  ib_plan_page_set_dir (page, dir);   /* in statfs for fuse.sh's delay */
  ib_plan_page_set_dir (page, other); /* replaces it: the first is cancelled */
  g_object_unref (page);
  while (finalized_in == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (finalized_in);
  g_assert_true (finalized_in == g_thread_self ());
  g_rmdir (other);
}

int
main (int    argc,
      char **argv)
{
  gtk_disable_setlocale ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (argc != 2)
    g_error ("usage: test-plan-fuse DIR");
  dir = argv[1];
  gtk_init ();
  adw_init ();
  ib_app_register_resource ();
  g_test_add_func ("/faults/plan-page/fuse-warning", test_fuse_warning);
  g_test_add_func ("/faults/plan-page/dropped-mid-probe", test_dropped_mid_probe);
  return g_test_run ();
}
