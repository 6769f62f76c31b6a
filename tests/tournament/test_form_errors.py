"""A service's refusal lands where the person looks: on the field it names, else on the form."""

from django import forms
from django.core.exceptions import ValidationError

from tournament.web.form_errors import error_text, service_error_onto


class NumberForm(forms.Form):
    number = forms.IntegerField(required=False)


def _form():
    form = NumberForm({"number": "3"})
    assert form.is_valid()
    return form


def test_a_field_error_goes_on_its_field_and_an_unknown_field_on_the_form():
    form = _form()
    service_error_onto(
        form, ValidationError({"number": "Number 3 is taken.", "player": "Merge first."})
    )
    assert form.errors["number"] == ["Number 3 is taken."]
    assert form.non_field_errors() == ["Merge first."]


def test_a_plain_error_goes_on_the_form_and_reads_as_one_line():
    form = _form()
    error = ValidationError(["Round 2 is played.", "Choose round 3."])
    service_error_onto(form, error)
    assert form.non_field_errors() == ["Round 2 is played.", "Choose round 3."]
    assert error_text(error) == "Round 2 is played. Choose round 3."
