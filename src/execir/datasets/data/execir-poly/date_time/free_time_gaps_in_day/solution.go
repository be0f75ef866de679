package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
)

func freeGaps(busy [][2]int, dayStart, dayEnd, minLength int) [][2]int {
	sort.Slice(busy, func(i, j int) bool {
		if busy[i][0] != busy[j][0] {
			return busy[i][0] < busy[j][0]
		}
		return busy[i][1] < busy[j][1]
	})
	var gaps [][2]int
	cursor := dayStart
	for _, b := range busy {
		if b[0]-cursor >= minLength {
			gaps = append(gaps, [2]int{cursor, b[0]})
		}
		if b[1] > cursor {
			cursor = b[1]
		}
	}
	if dayEnd-cursor >= minLength {
		gaps = append(gaps, [2]int{cursor, dayEnd})
	}
	return gaps
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	dayStart, dayEnd, minLength, n := next(), next(), next(), next()
	busy := make([][2]int, n)
	for i := range busy {
		busy[i] = [2]int{next(), next()}
	}
	gaps := freeGaps(busy, dayStart, dayEnd, minLength)
	if len(gaps) == 0 {
		fmt.Println("none")
	}
	for _, g := range gaps {
		fmt.Println(g[0], g[1])
	}
}
