package main

import (
	"bufio"
	"fmt"
	"os"
)

func isMagic(grid [][]int, n int) bool {
	seen := make([]bool, n*n+1)
	for _, row := range grid {
		for _, v := range row {
			if v < 1 || v > n*n || seen[v] {
				return false
			}
			seen[v] = true
		}
	}
	target := n * (n*n + 1) / 2
	diag, anti := 0, 0
	for i := 0; i < n; i++ {
		rowSum, colSum := 0, 0
		for j := 0; j < n; j++ {
			rowSum += grid[i][j]
			colSum += grid[j][i]
		}
		if rowSum != target || colSum != target {
			return false
		}
		diag += grid[i][i]
		anti += grid[i][n-1-i]
	}
	return diag == target && anti == target
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	grid := make([][]int, n)
	for i := range grid {
		grid[i] = make([]int, n)
		for j := range grid[i] {
			fmt.Fscan(reader, &grid[i][j])
		}
	}
	if isMagic(grid, n) {
		fmt.Println("magic")
	} else {
		fmt.Println("not magic")
	}
}
