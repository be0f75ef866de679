package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func classify(x1, y1, r1, x2, y2, r2 int64) string {
	d2 := (x1-x2)*(x1-x2) + (y1-y2)*(y1-y2)
	outer, inner := (r1+r2)*(r1+r2), (r1-r2)*(r1-r2)
	switch {
	case d2 == 0 && r1 == r2:
		return "identical"
	case d2 > outer:
		return "separate"
	case d2 == outer:
		return "external"
	case d2 > inner:
		return "intersecting"
	case d2 == inner:
		return "internal"
	}
	return "contained"
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	q := int(next())
	for i := 0; i < q; i++ {
		x1, y1, r1, x2, y2, r2 := next(), next(), next(), next(), next(), next()
		fmt.Println(classify(x1, y1, r1, x2, y2, r2))
	}
}
