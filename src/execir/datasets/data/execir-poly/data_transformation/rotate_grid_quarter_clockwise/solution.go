package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func rotateClockwise(grid [][]int, rows, cols int) [][]int {
	out := make([][]int, cols)
	for i := range out {
		out[i] = make([]int, rows)
		for j := 0; j < rows; j++ {
			out[i][j] = grid[rows-1-j][i]
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
	for _, row := range rotateClockwise(grid, rows, cols) {
		parts := make([]string, len(row))
		for j, v := range row {
			parts[j] = strconv.Itoa(v)
		}
		fmt.Println(strings.Join(parts, " "))
	}
}
