"""The federation merging two records of one person, undoing it, confirming it, and the
history of every merge.

The changes are POST only; the service (`tournaments.services.players`) refuses in words what cannot be
merged, and the page the federation returns to says why.
"""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import federation_required
from clubs.models import PlayerMerge
from tournaments.feedback import form_refused, service_refusals
from tournaments.forms.players import MergeForm
from tournaments.services.players import confirm_merge, merge_players, unmerge


@federation_required
@require_POST
def player_merge(request: HttpRequest) -> HttpResponse:
    """Merge the duplicate record into the kept one; back to the kept player's page."""
    form = MergeForm(request.POST)
    if not form.is_valid():
        form_refused(request, form)
        return redirect("clubs:player_duplicates")
    keep, duplicate = form.cleaned_data["keep"], form.cleaned_data["duplicate"]
    with service_refusals(request) as outcome:
        merge_players(keep, duplicate, request.user)
        messages.success(
            request,
            _("%(duplicate)s is merged into %(kept)s; it can be undone until confirmed.")
            % {"duplicate": duplicate, "kept": keep},
        )
    return redirect(keep if outcome.ok else "clubs:player_duplicates")


@federation_required
@require_POST
def player_unmerge(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo a merge not yet confirmed; to the restored record's page."""
    merge = get_object_or_404(PlayerMerge.objects.select_related("duplicate"), pk=pk)
    with service_refusals(request):
        unmerge(merge, request.user)
        messages.success(
            request, _("%(name)s is a record of its own again.") % {"name": merge.duplicate}
        )
    return redirect(merge.duplicate)


@federation_required
@require_POST
def player_merge_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """Make a merge final; to the kept player's page."""
    merge = get_object_or_404(PlayerMerge.objects.select_related("kept", "duplicate"), pk=pk)
    with service_refusals(request):
        confirm_merge(merge, request.user)
        messages.success(
            request, _("The merge of %(name)s is confirmed.") % {"name": merge.duplicate}
        )
    return redirect(merge.kept)


@federation_required
def player_merges(request: HttpRequest) -> HttpResponse:
    """Every merge, newest first: who merged which records and when, and who undid or
    confirmed it; a merge still open can be undone or confirmed from here."""
    merges = PlayerMerge.objects.select_related(
        "kept__home_club", "duplicate__home_club", "merged_by", "closed_by"
    )
    page = Paginator(merges, 50).get_page(request.GET.get("page"))
    return render(request, "tournaments/player_merges.html", {"page": page})
