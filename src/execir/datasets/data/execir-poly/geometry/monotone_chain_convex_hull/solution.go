package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
)

type pt struct{ x, y int64 }

func cross(o, a, b pt) int64 {
	return (a.x-o.x)*(b.y-o.y) - (a.y-o.y)*(b.x-o.x)
}

func convexHull(pts []pt) []pt {
	sort.Slice(pts, func(i, j int) bool {
		if pts[i].x != pts[j].x {
			return pts[i].x < pts[j].x
		}
		return pts[i].y < pts[j].y
	})
	var uniq []pt
	for i, p := range pts {
		if i == 0 || p != pts[i-1] {
			uniq = append(uniq, p)
		}
	}
	if len(uniq) <= 2 {
		return uniq
	}
	var hull []pt
	for pass := 0; pass < 2; pass++ {
		start := len(hull)
		for k := range uniq {
			p := uniq[k]
			if pass == 1 {
				p = uniq[len(uniq)-1-k]
			}
			for len(hull) >= start+2 && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, p)
		}
		hull = hull[:len(hull)-1]
	}
	return hull
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	n := int(next())
	pts := make([]pt, n)
	for i := range pts {
		pts[i] = pt{next(), next()}
	}
	hull := convexHull(pts)
	fmt.Println(len(hull))
	for _, p := range hull {
		fmt.Println(p.x, p.y)
	}
}
