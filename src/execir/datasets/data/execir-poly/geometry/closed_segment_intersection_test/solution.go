package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

type point struct{ x, y int64 }

func orient(a, b, c point) int {
	cross := (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x)
	if cross > 0 {
		return 1
	} else if cross < 0 {
		return -1
	}
	return 0
}

func between(lo, hi, v int64) bool {
	if lo > hi {
		lo, hi = hi, lo
	}
	return lo <= v && v <= hi
}

func onBox(a, b, c point) bool { return between(a.x, b.x, c.x) && between(a.y, b.y, c.y) }

func intersect(p1, p2, p3, p4 point) bool {
	d1, d2 := orient(p3, p4, p1), orient(p3, p4, p2)
	d3, d4 := orient(p1, p2, p3), orient(p1, p2, p4)
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	return (d1 == 0 && onBox(p3, p4, p1)) || (d2 == 0 && onBox(p3, p4, p2)) ||
		(d3 == 0 && onBox(p1, p2, p3)) || (d4 == 0 && onBox(p1, p2, p4))
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
		var p [4]point
		for j := range p {
			p[j] = point{next(), next()}
		}
		if intersect(p[0], p[1], p[2], p[3]) {
			fmt.Println("yes")
		} else {
			fmt.Println("no")
		}
	}
}
