from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from .login import ThrottledLoginView
from rulings.knowledge.views import editor, history, pages

from .views import accounts

urlpatterns = [
    path("", pages.home, name="home"),
    # Scenario pages come first: /rules/<format>/coverage/ is theirs, not an article's.
    path("", include("scenarios.presentation.urls")),
    path("", include("scenarios.verification.urls")),
    path("", include("scenarios.decks.urls")),
    path("", include("scenarios.quizzes.urls")),
    path("", include("scenarios.cards.urls")),
    path("rules/<slug:format_slug>/", pages.format_contents, name="format"),
    path("rules/<slug:format_slug>/new/", editor.create_article, name="article-create"),
    path("rules/<slug:format_slug>/<slug:article_slug>/", pages.article, name="article"),
    path("rules/<slug:format_slug>/<slug:article_slug>/edit/", editor.edit_article,
         name="article-edit"),
    path("rules/<slug:format_slug>/<slug:article_slug>/history/", history.revision_list,
         name="history"),
    path("rules/<slug:format_slug>/<slug:article_slug>/revisions/<int:number>/",
         history.revision_detail, name="revision"),
    path("rules/<slug:format_slug>/<slug:article_slug>/diff/", history.diff, name="diff"),
    path("rules/<slug:format_slug>/<slug:article_slug>/restore/<int:number>/", history.restore,
         name="restore"),
    path("glossary/", pages.glossary, name="glossary"),
    path("search/", pages.search_page, name="search"),
    path("maintenance/links/", pages.broken_links, name="broken-links"),
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/signup/", accounts.signup, name="signup"),
    # The admin logs in through the same throttled page as everyone else.
    path("admin/login/", ThrottledLoginView.as_view(), name="admin-login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("healthz", pages.health, name="health"),
    path("favicon.ico", RedirectView.as_view(url="/static/rulings/favicon.svg", permanent=True)),
    # The API's schema joins every app's endpoints: it is the project's.
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("rulings.knowledge.api.urls")),
]

handler400 = "rulings.project.views.errors.bad_request"
handler403 = "rulings.project.views.errors.forbidden"
handler404 = "rulings.project.views.errors.not_found"
handler500 = "rulings.project.views.errors.server_error"
