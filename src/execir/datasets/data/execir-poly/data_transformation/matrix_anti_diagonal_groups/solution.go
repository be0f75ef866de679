package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func antiDiagonals(m [][]int, rows, cols int) [][]string {
	groups := make([][]string, rows+cols-1)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			groups[r+c] = append(groups[r+c], strconv.Itoa(m[r][c]))
		}
	}
	return groups
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
	m := make([][]int, rows)
	for r := range m {
		m[r] = make([]int, cols)
		for c := range m[r] {
			m[r][c] = next()
		}
	}
	for _, group := range antiDiagonals(m, rows, cols) {
		fmt.Println(strings.Join(group, " "))
	}
}
