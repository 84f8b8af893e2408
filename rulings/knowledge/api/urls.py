from django.urls import path

from . import views

urlpatterns = [
    path("formats/", views.FormatList.as_view(), name="api-formats"),
    path("articles/", views.ArticleList.as_view(), name="api-articles"),
    path("articles/<slug:format_slug>/<slug:slug>/", views.ArticleDetail.as_view(),
         name="api-article"),
    path("articles/<slug:format_slug>/<slug:slug>/revisions/", views.RevisionList.as_view(),
         name="api-revisions"),
    path("glossary/", views.Glossary.as_view(), name="api-glossary"),
    path("search/", views.Search.as_view(), name="api-search"),
]
