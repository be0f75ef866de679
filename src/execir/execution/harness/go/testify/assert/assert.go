// Package assert is execir's stand-in for github.com/stretchr/testify/assert: the common
// assertions, with testify's equality rule (bytes.Equal for []byte, else reflect.DeepEqual).
package assert

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
)

// TestingT is what the assertions need from *testing.T.
type TestingT interface {
	Errorf(format string, args ...interface{})
}

type helper interface{ Helper() }

func fail(t TestingT, text string, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if len(msgAndArgs) > 0 {
		if format, ok := msgAndArgs[0].(string); ok && len(msgAndArgs) > 1 {
			text += ": " + fmt.Sprintf(format, msgAndArgs[1:]...)
		} else {
			text += ": " + fmt.Sprint(msgAndArgs...)
		}
	}
	t.Errorf("%s", text)
	return false
}

// ObjectsAreEqual is testify's equality: bytes.Equal for two []byte, else reflect.DeepEqual.
func ObjectsAreEqual(expected, actual interface{}) bool {
	if expected == nil || actual == nil {
		return expected == actual
	}
	exp, ok := expected.([]byte)
	if !ok {
		return reflect.DeepEqual(expected, actual)
	}
	act, ok := actual.([]byte)
	if !ok {
		return false
	}
	if exp == nil || act == nil {
		return exp == nil && act == nil
	}
	return bytes.Equal(exp, act)
}

// ObjectsAreEqualValues is ObjectsAreEqual, or equal after converting actual to expected's type.
func ObjectsAreEqualValues(expected, actual interface{}) bool {
	if ObjectsAreEqual(expected, actual) {
		return true
	}
	if expected == nil || actual == nil {
		return false
	}
	et := reflect.TypeOf(expected)
	av := reflect.ValueOf(actual)
	if av.Type().ConvertibleTo(et) {
		return reflect.DeepEqual(expected, av.Convert(et).Interface())
	}
	return false
}

func isNil(object interface{}) bool {
	if object == nil {
		return true
	}
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Ptr, reflect.Slice,
		reflect.UnsafePointer:
		return v.IsNil()
	}
	return false
}

func isEmpty(object interface{}) bool {
	if object == nil {
		return true
	}
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Ptr:
		if v.IsNil() {
			return true
		}
		return isEmpty(v.Elem().Interface())
	}
	return reflect.DeepEqual(object, reflect.Zero(v.Type()).Interface())
}

func length(object interface{}) (int, bool) {
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
		return v.Len(), true
	}
	return 0, false
}

func contains(list, element interface{}) (found, ok bool) {
	v := reflect.ValueOf(list)
	switch v.Kind() {
	case reflect.String:
		e, isString := element.(string)
		if !isString {
			return false, false
		}
		return strings.Contains(v.String(), e), true
	case reflect.Map:
		for _, k := range v.MapKeys() {
			if ObjectsAreEqual(k.Interface(), element) {
				return true, true
			}
		}
		return false, true
	case reflect.Array, reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if ObjectsAreEqual(v.Index(i).Interface(), element) {
				return true, true
			}
		}
		return false, true
	}
	return false, false
}

func toFloat(x interface{}) (float64, bool) {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(v.Uint()), true
	case reflect.Float32, reflect.Float64:
		return v.Float(), true
	}
	return 0, false
}

// compare returns -1, 0 or 1 for two numbers or two strings of the same kind; ok false otherwise.
func compare(a, b interface{}) (int, bool) {
	if sa, ok := a.(string); ok {
		sb, ok := b.(string)
		if !ok {
			return 0, false
		}
		return strings.Compare(sa, sb), true
	}
	if reflect.TypeOf(a) != reflect.TypeOf(b) {
		return 0, false
	}
	fa, ok1 := toFloat(a)
	fb, ok2 := toFloat(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	switch {
	case fa < fb:
		return -1, true
	case fa > fb:
		return 1, true
	}
	return 0, true
}

func didPanic(f func()) (panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	f()
	return false
}

func Equal(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if !ObjectsAreEqual(expected, actual) {
		return fail(t, fmt.Sprintf("Not equal:\nexpected: %#v\nactual  : %#v", expected, actual), msgAndArgs...)
	}
	return true
}

func NotEqual(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if ObjectsAreEqual(expected, actual) {
		return fail(t, fmt.Sprintf("Should not be: %#v", actual), msgAndArgs...)
	}
	return true
}

func EqualValues(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if !ObjectsAreEqualValues(expected, actual) {
		return fail(t, fmt.Sprintf("Not equal:\nexpected: %#v\nactual  : %#v", expected, actual), msgAndArgs...)
	}
	return true
}

func Exactly(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if reflect.TypeOf(expected) != reflect.TypeOf(actual) {
		return fail(t, fmt.Sprintf("Types expected to match exactly: %T != %T", expected, actual), msgAndArgs...)
	}
	return Equal(t, expected, actual, msgAndArgs...)
}

func True(t TestingT, value bool, msgAndArgs ...interface{}) bool {
	if !value {
		return fail(t, "Should be true", msgAndArgs...)
	}
	return true
}

func False(t TestingT, value bool, msgAndArgs ...interface{}) bool {
	if value {
		return fail(t, "Should be false", msgAndArgs...)
	}
	return true
}

func Nil(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if !isNil(object) {
		return fail(t, fmt.Sprintf("Expected nil, but got: %#v", object), msgAndArgs...)
	}
	return true
}

func NotNil(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if isNil(object) {
		return fail(t, "Expected value not to be nil.", msgAndArgs...)
	}
	return true
}

func Empty(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if !isEmpty(object) {
		return fail(t, fmt.Sprintf("Should be empty, but was %v", object), msgAndArgs...)
	}
	return true
}

func NotEmpty(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if isEmpty(object) {
		return fail(t, fmt.Sprintf("Should NOT be empty, but was %v", object), msgAndArgs...)
	}
	return true
}

func Zero(t TestingT, i interface{}, msgAndArgs ...interface{}) bool {
	if i != nil && !reflect.DeepEqual(i, reflect.Zero(reflect.TypeOf(i)).Interface()) {
		return fail(t, fmt.Sprintf("Should be zero, but was %v", i), msgAndArgs...)
	}
	return true
}

func Len(t TestingT, object interface{}, n int, msgAndArgs ...interface{}) bool {
	l, ok := length(object)
	if !ok {
		return fail(t, fmt.Sprintf("\"%v\" could not be applied builtin len()", object), msgAndArgs...)
	}
	if l != n {
		return fail(t, fmt.Sprintf("\"%v\" should have %d item(s), but has %d", object, n, l), msgAndArgs...)
	}
	return true
}

func Contains(t TestingT, s, contained interface{}, msgAndArgs ...interface{}) bool {
	found, ok := contains(s, contained)
	if !ok {
		return fail(t, fmt.Sprintf("%#v could not be applied builtin len()", s), msgAndArgs...)
	}
	if !found {
		return fail(t, fmt.Sprintf("%#v does not contain %#v", s, contained), msgAndArgs...)
	}
	return true
}

func NotContains(t TestingT, s, contained interface{}, msgAndArgs ...interface{}) bool {
	found, ok := contains(s, contained)
	if !ok {
		return fail(t, fmt.Sprintf("%#v could not be applied builtin len()", s), msgAndArgs...)
	}
	if found {
		return fail(t, fmt.Sprintf("%#v should not contain %#v", s, contained), msgAndArgs...)
	}
	return true
}

func ElementsMatch(t TestingT, listA, listB interface{}, msgAndArgs ...interface{}) bool {
	if isEmpty(listA) && isEmpty(listB) {
		return true
	}
	a, b := reflect.ValueOf(listA), reflect.ValueOf(listB)
	okA := a.Kind() == reflect.Slice || a.Kind() == reflect.Array
	okB := b.Kind() == reflect.Slice || b.Kind() == reflect.Array
	if !okA || !okB || a.Len() != b.Len() {
		return fail(t, fmt.Sprintf("elements differ: %#v vs %#v", listA, listB), msgAndArgs...)
	}
	used := make([]bool, b.Len())
	for i := 0; i < a.Len(); i++ {
		found := false
		for j := 0; j < b.Len(); j++ {
			if !used[j] && ObjectsAreEqual(a.Index(i).Interface(), b.Index(j).Interface()) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return fail(t, fmt.Sprintf("elements differ: %#v vs %#v", listA, listB), msgAndArgs...)
		}
	}
	return true
}

func InDelta(t TestingT, expected, actual interface{}, delta float64, msgAndArgs ...interface{}) bool {
	e, ok1 := toFloat(expected)
	a, ok2 := toFloat(actual)
	if !ok1 || !ok2 {
		return fail(t, "Parameters must be numerical", msgAndArgs...)
	}
	if d := e - a; d < -delta || d > delta || d != d {
		return fail(t, fmt.Sprintf("Max difference between %v and %v allowed is %v", expected, actual, delta), msgAndArgs...)
	}
	return true
}

func InEpsilon(t TestingT, expected, actual interface{}, epsilon float64, msgAndArgs ...interface{}) bool {
	e, ok1 := toFloat(expected)
	a, ok2 := toFloat(actual)
	if !ok1 || !ok2 || e == 0 {
		return fail(t, "Parameters must be numerical and expected non-zero", msgAndArgs...)
	}
	rel := (e - a) / e
	if rel < 0 {
		rel = -rel
	}
	if rel > epsilon || rel != rel {
		return fail(t, fmt.Sprintf("Relative error is too high: %v (allowed %v)", rel, epsilon), msgAndArgs...)
	}
	return true
}

func ordered(t TestingT, a, b interface{}, want func(int) bool, what string, msgAndArgs ...interface{}) bool {
	c, ok := compare(a, b)
	if !ok {
		return fail(t, fmt.Sprintf("Elements should be the same type: %T, %T", a, b), msgAndArgs...)
	}
	if !want(c) {
		return fail(t, fmt.Sprintf("\"%v\" is not %s \"%v\"", a, what, b), msgAndArgs...)
	}
	return true
}

func Greater(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return ordered(t, e1, e2, func(c int) bool { return c > 0 }, "greater than", msgAndArgs...)
}

func GreaterOrEqual(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return ordered(t, e1, e2, func(c int) bool { return c >= 0 }, "greater than or equal to", msgAndArgs...)
}

func Less(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return ordered(t, e1, e2, func(c int) bool { return c < 0 }, "less than", msgAndArgs...)
}

func LessOrEqual(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return ordered(t, e1, e2, func(c int) bool { return c <= 0 }, "less than or equal to", msgAndArgs...)
}

func NoError(t TestingT, err error, msgAndArgs ...interface{}) bool {
	if err != nil {
		return fail(t, fmt.Sprintf("Received unexpected error: %v", err), msgAndArgs...)
	}
	return true
}

func Error(t TestingT, err error, msgAndArgs ...interface{}) bool {
	if err == nil {
		return fail(t, "An error is expected but got nil.", msgAndArgs...)
	}
	return true
}

func Panics(t TestingT, f func(), msgAndArgs ...interface{}) bool {
	if !didPanic(f) {
		return fail(t, "func should panic", msgAndArgs...)
	}
	return true
}

func NotPanics(t TestingT, f func(), msgAndArgs ...interface{}) bool {
	if didPanic(f) {
		return fail(t, "func should not panic", msgAndArgs...)
	}
	return true
}

// Assertions is what assert.New(t) returns: the same assertions bound to t.
type Assertions struct{ t TestingT }

func New(t TestingT) *Assertions { return &Assertions{t} }

func (a *Assertions) Equal(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	return Equal(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) NotEqual(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	return NotEqual(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) EqualValues(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	return EqualValues(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) Exactly(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	return Exactly(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) True(value bool, msgAndArgs ...interface{}) bool {
	return True(a.t, value, msgAndArgs...)
}
func (a *Assertions) False(value bool, msgAndArgs ...interface{}) bool {
	return False(a.t, value, msgAndArgs...)
}
func (a *Assertions) Nil(object interface{}, msgAndArgs ...interface{}) bool {
	return Nil(a.t, object, msgAndArgs...)
}
func (a *Assertions) NotNil(object interface{}, msgAndArgs ...interface{}) bool {
	return NotNil(a.t, object, msgAndArgs...)
}
func (a *Assertions) Empty(object interface{}, msgAndArgs ...interface{}) bool {
	return Empty(a.t, object, msgAndArgs...)
}
func (a *Assertions) NotEmpty(object interface{}, msgAndArgs ...interface{}) bool {
	return NotEmpty(a.t, object, msgAndArgs...)
}
func (a *Assertions) Zero(i interface{}, msgAndArgs ...interface{}) bool {
	return Zero(a.t, i, msgAndArgs...)
}
func (a *Assertions) Len(object interface{}, n int, msgAndArgs ...interface{}) bool {
	return Len(a.t, object, n, msgAndArgs...)
}
func (a *Assertions) Contains(s, contained interface{}, msgAndArgs ...interface{}) bool {
	return Contains(a.t, s, contained, msgAndArgs...)
}
func (a *Assertions) NotContains(s, contained interface{}, msgAndArgs ...interface{}) bool {
	return NotContains(a.t, s, contained, msgAndArgs...)
}
func (a *Assertions) ElementsMatch(listA, listB interface{}, msgAndArgs ...interface{}) bool {
	return ElementsMatch(a.t, listA, listB, msgAndArgs...)
}
func (a *Assertions) InDelta(expected, actual interface{}, delta float64, msgAndArgs ...interface{}) bool {
	return InDelta(a.t, expected, actual, delta, msgAndArgs...)
}
func (a *Assertions) InEpsilon(expected, actual interface{}, epsilon float64, msgAndArgs ...interface{}) bool {
	return InEpsilon(a.t, expected, actual, epsilon, msgAndArgs...)
}
func (a *Assertions) Greater(e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return Greater(a.t, e1, e2, msgAndArgs...)
}
func (a *Assertions) GreaterOrEqual(e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return GreaterOrEqual(a.t, e1, e2, msgAndArgs...)
}
func (a *Assertions) Less(e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return Less(a.t, e1, e2, msgAndArgs...)
}
func (a *Assertions) LessOrEqual(e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return LessOrEqual(a.t, e1, e2, msgAndArgs...)
}
func (a *Assertions) NoError(err error, msgAndArgs ...interface{}) bool {
	return NoError(a.t, err, msgAndArgs...)
}
func (a *Assertions) Error(err error, msgAndArgs ...interface{}) bool {
	return Error(a.t, err, msgAndArgs...)
}
func (a *Assertions) Panics(f func(), msgAndArgs ...interface{}) bool {
	return Panics(a.t, f, msgAndArgs...)
}
func (a *Assertions) NotPanics(f func(), msgAndArgs ...interface{}) bool {
	return NotPanics(a.t, f, msgAndArgs...)
}
