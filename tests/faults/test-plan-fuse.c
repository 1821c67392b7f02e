/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plan-fuse DIR: the plan page pointed at DIR (a faultfs mount, from
 * fuse.sh) shows the FUSE warning under the folder. Under Xvfb. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

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
  return g_test_run ();
}
