"""Pages of a list: `?page=N`, and `?page_size=` up to 200 (50 by default)."""

from rest_framework.pagination import PageNumberPagination


class Pages(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200
