// Package require is execir's stand-in for github.com/stretchr/testify/require: the assertions
// of package assert that stop the test (t.FailNow) when they fail.
package require

import "github.com/stretchr/testify/assert"

// TestingT is what the assertions need from *testing.T.
type TestingT interface {
	Errorf(format string, args ...interface{})
	FailNow()
}

func stop(t TestingT, ok bool) {
	if !ok {
		t.FailNow()
	}
}

func Equal(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.Equal(t, expected, actual, msgAndArgs...))
}
func NotEqual(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.NotEqual(t, expected, actual, msgAndArgs...))
}
func EqualValues(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.EqualValues(t, expected, actual, msgAndArgs...))
}
func True(t TestingT, value bool, msgAndArgs ...interface{}) {
	stop(t, assert.True(t, value, msgAndArgs...))
}
func False(t TestingT, value bool, msgAndArgs ...interface{}) {
	stop(t, assert.False(t, value, msgAndArgs...))
}
func Nil(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.Nil(t, object, msgAndArgs...))
}
func NotNil(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.NotNil(t, object, msgAndArgs...))
}
func Len(t TestingT, object interface{}, n int, msgAndArgs ...interface{}) {
	stop(t, assert.Len(t, object, n, msgAndArgs...))
}
func Contains(t TestingT, s, contained interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.Contains(t, s, contained, msgAndArgs...))
}
func ElementsMatch(t TestingT, listA, listB interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.ElementsMatch(t, listA, listB, msgAndArgs...))
}
func InDelta(t TestingT, expected, actual interface{}, delta float64, msgAndArgs ...interface{}) {
	stop(t, assert.InDelta(t, expected, actual, delta, msgAndArgs...))
}
func NoError(t TestingT, err error, msgAndArgs ...interface{}) {
	stop(t, assert.NoError(t, err, msgAndArgs...))
}
func Error(t TestingT, err error, msgAndArgs ...interface{}) {
	stop(t, assert.Error(t, err, msgAndArgs...))
}
func Empty(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.Empty(t, object, msgAndArgs...))
}
func NotEmpty(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.NotEmpty(t, object, msgAndArgs...))
}

// Assertions is what require.New(t) returns.
type Assertions struct{ t TestingT }

func New(t TestingT) *Assertions { return &Assertions{t} }

func (a *Assertions) Equal(expected, actual interface{}, msgAndArgs ...interface{}) {
	Equal(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) NotEqual(expected, actual interface{}, msgAndArgs ...interface{}) {
	NotEqual(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) True(value bool, msgAndArgs ...interface{}) { True(a.t, value, msgAndArgs...) }
func (a *Assertions) False(value bool, msgAndArgs ...interface{}) { False(a.t, value, msgAndArgs...) }
func (a *Assertions) Nil(object interface{}, msgAndArgs ...interface{}) { Nil(a.t, object, msgAndArgs...) }
func (a *Assertions) NotNil(object interface{}, msgAndArgs ...interface{}) {
	NotNil(a.t, object, msgAndArgs...)
}
func (a *Assertions) Len(object interface{}, n int, msgAndArgs ...interface{}) {
	Len(a.t, object, n, msgAndArgs...)
}
func (a *Assertions) NoError(err error, msgAndArgs ...interface{}) { NoError(a.t, err, msgAndArgs...) }
func (a *Assertions) Error(err error, msgAndArgs ...interface{}) { Error(a.t, err, msgAndArgs...) }
