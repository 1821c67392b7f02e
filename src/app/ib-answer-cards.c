/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer-cards.c: the small-files and write + delete answer cards
 * (ib-answer-cards.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "analysis/ib-answer-writes.h"
#include "engine/run/ib-decision.h"
#include "ib-answer-cards.h"

/* The verdict in bold, its interval or reason in the body's weight, as the
 * reads' answer card does. The verdict is what comes before ": " ("A against
 * B: too few runs ..."), else before the last " (" of a headline that ends
 * in a parenthesis (its interval: names such as "Async load contents
 * (parallel)" hold parentheses too), else the whole headline. */
static char *
headline_markup (const char *headline)
{
  const char *colon = strstr (headline, ": ");
  const char *paren = g_strrstr (headline, " (");
  const char *cut = NULL;
  g_autofree char *head = NULL;

  if (colon != NULL && (paren == NULL || colon < paren))
    cut = colon;
  else if (paren != NULL && g_str_has_suffix (headline, ")."))
    cut = paren;
  head = cut != NULL ? g_strndup (headline, cut - headline) : g_strdup (headline);
  return g_markup_printf_escaped ("<b>%s</b>%s", head, cut != NULL ? cut : "");
}

static GtkWidget *
card_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* text to copy, not a Tab stop */
  gtk_widget_set_focusable (label, FALSE);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  return label;
}

static GtkWidget *
card_widget (const IbAnswerCard *card)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = card_label ();
  GtkWidget *headline = card_label ();
  g_autofree char *markup = headline_markup (card->headline);

  gtk_widget_add_css_class (box, "card");
  gtk_widget_set_name (box, card->id);

  gtk_label_set_text (GTK_LABEL (title), card->title);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_margin_top (title, 12);
  gtk_box_append (GTK_BOX (box), title);

  gtk_label_set_markup (GTK_LABEL (headline), markup);
  gtk_widget_set_name (headline, "headline");
  gtk_box_append (GTK_BOX (box), headline);
  /* The card is read as a region named by its title. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, title, NULL, -1);

  if (card->details->len > 0)
    {
      GtkWidget *body = card_label ();
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < card->details->len; i++)
        {
          if (i > 0)
            g_string_append_c (list, '\n');
          /* Translators: an item of the list under the answer's headline */
          g_string_append_printf (list, _("• %s"),
                                  (const char *) g_ptr_array_index (card->details, i));
        }
      gtk_label_set_text (GTK_LABEL (body), list->str);
      gtk_box_append (GTK_BOX (box), body);
    }
  gtk_widget_set_margin_bottom (gtk_widget_get_last_child (box), 12);
  return box;
}

void
ib_answer_cards_fill (GtkBox         *box,
                      const IbReport *report)
{
  GtkWidget *child;
  g_autoptr(GPtrArray) cards = NULL;

  g_return_if_fail (GTK_IS_BOX (box));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
  cards = report != NULL ? ib_answer_cards (report) : NULL;
  for (guint i = 0; cards != NULL && i < cards->len; i++)
    gtk_box_append (box, card_widget (g_ptr_array_index (cards, i)));
  gtk_widget_set_visible (GTK_WIDGET (box), cards != NULL && cards->len > 0);
}

const char *
ib_answer_cards_headline (GtkBox     *box,
                          const char *id)
{
  g_return_val_if_fail (GTK_IS_BOX (box), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (box)))
    return NULL;
  for (GtkWidget *card = gtk_widget_get_first_child (GTK_WIDGET (box)); card != NULL;
       card = gtk_widget_get_next_sibling (card))
    {
      if (g_strcmp0 (gtk_widget_get_name (card), id) != 0 || !gtk_widget_is_visible (card))
        continue;
      for (GtkWidget *w = gtk_widget_get_first_child (card); w != NULL;
           w = gtk_widget_get_next_sibling (w))
        if (g_strcmp0 (gtk_widget_get_name (w), "headline") == 0)
          return gtk_label_get_text (GTK_LABEL (w));
    }
  return NULL;
}

/* ---- keep deciding ------------------------------------------------------ */

GtkBox *
ib_answer_cards_new_keep_box (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_visible (box, FALSE);
  return GTK_BOX (box);
}

/* Whether the decision phase left @report's line @id undecided. */
static gboolean
undecided (const IbReport *report,
           const char     *id)
{
  const IbDecisionLine *line = ib_report_decision_line (report, id);

  return line != NULL && (line->verdict == IB_PAIRED_UNDECIDED ||
                          line->verdict == IB_PAIRED_NO_DATA);
}

static GtkWidget *
keep_row (const IbAnswerLine *line,
          guint               seconds)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *button = gtk_button_new_with_label (_("Keep Deciding"));
  g_autofree char *text = NULL;

  /* Translators: under the answer, beside the "Keep Deciding" button; %s is
   * how the line reads ("Reading one file after another"), %u seconds */
  text = g_strdup_printf (_("%s was not decided: keep deciding measures the same pair on the "
                            "same plan for %u s more."), _(line->info->how), seconds);
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.keep-deciding");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", line->info->id);
  /* the button says what it does; the sentence beside it says to what */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  label, NULL, -1);
  gtk_widget_set_name (button, line->info->id);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), button);
  return row;
}

void
ib_answer_cards_fill_keep (GtkBox         *box,
                           const IbReport *report,
                           const IbAnswer *answer)
{
  GtkWidget *child;
  guint seconds;

  g_return_if_fail (GTK_IS_BOX (box));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
  gtk_widget_set_visible (GTK_WIDGET (box), FALSE);
  if (report == NULL || answer == NULL || report->plan == NULL)
    return;
  seconds = report->plan->budget_s > 0 ? report->plan->budget_s : IB_KEEP_DECIDING_S;
  for (guint i = 0; i < answer->n_lines; i++)
    {
      const IbAnswerLine *line = &answer->lines[i];

      if (!line->info->main || !undecided (report, line->info->id))
        continue;
      gtk_box_append (box, keep_row (line, seconds));
      gtk_widget_set_visible (GTK_WIDGET (box), TRUE);
    }
}

GtkWidget *
ib_answer_cards_keep_button (GtkBox     *box,
                             const char *line_id)
{
  g_return_val_if_fail (GTK_IS_BOX (box), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (box)))
    return NULL;
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (box)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *button = gtk_widget_get_last_child (row);

      if (g_strcmp0 (gtk_widget_get_name (button), line_id) == 0)
        return button;
    }
  return NULL;
}
