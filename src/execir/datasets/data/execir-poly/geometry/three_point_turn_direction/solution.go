package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func turn(ax, ay, bx, by, cx, cy int64) string {
	cross := (bx-ax)*(cy-by) - (by-ay)*(cx-bx)
	if cross > 0 {
		return "left"
	}
	if cross < 0 {
		return "right"
	}
	return "straight"
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
		ax, ay, bx, by, cx, cy := next(), next(), next(), next(), next(), next()
		fmt.Println(turn(ax, ay, bx, by, cx, cy))
	}
}
