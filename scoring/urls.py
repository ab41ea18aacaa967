from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("api/score/", views.api_score, name="api_score"),
]
urlpatterns += [
    path("calculator/<slug:ruleset>/", views.calculator, name="calculator"),
    path("calculator/<slug:ruleset>/cards/", views.card_count, name="card_count"),
    path("rulings/", views.rulings, name="rulings"),
]
