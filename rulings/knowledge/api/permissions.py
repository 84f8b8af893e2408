from rest_framework.permissions import SAFE_METHODS, BasePermission

from ..permissions import is_editor


class EditorsWriteOthersRead(BasePermission):
    """Anyone may read; only the editors group may write."""

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or is_editor(request.user)
