package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func snakeFlatten(grid [][]int) []string {
	out := []string{}
	for r, row := range grid {
		for k := range row {
			c := k
			if r%2 == 1 {
				c = len(row) - 1 - k
			}
			out = append(out, strconv.Itoa(row[c]))
		}
	}
	return out
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	rows, cols := next(), next()
	grid := make([][]int, rows)
	for r := range grid {
		grid[r] = make([]int, cols)
		for c := range grid[r] {
			grid[r][c] = next()
		}
	}
	fmt.Println(strings.Join(snakeFlatten(grid), " "))
}
