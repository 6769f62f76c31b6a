"""URL map of the site: public pages, log in/out and the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("t/<slug:slug>/", views.tournament_detail, name="tournament_detail"),
    path("t/<slug:slug>/players/", views.player_list, name="player_list"),
    path("t/<slug:slug>/rounds/", views.round_list, name="round_list"),
    path("t/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round_detail"),
    path("t/<slug:slug>/tables/", views.table_list, name="table_list"),
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
]

handler404 = "tournament.views.page_not_found"
handler500 = "tournament.views.server_error"
