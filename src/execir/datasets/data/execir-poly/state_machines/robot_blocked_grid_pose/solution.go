package main

import (
	"bufio"
	"fmt"
	"os"
)

func finalPose(commands string, blocked map[[2]int]bool) (int, int, string) {
	dx := []int{0, 1, 0, -1}
	dy := []int{1, 0, -1, 0}
	x, y, h := 0, 0, 0
	for _, c := range commands {
		switch {
		case c == 'L':
			h = (h + 3) % 4
		case c == 'R':
			h = (h + 1) % 4
		case c == 'F' && !blocked[[2]int{x + dx[h], y + dy[h]}]:
			x += dx[h]
			y += dy[h]
		}
	}
	return x, y, string("NESW"[h])
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	commands, _ := reader.ReadString('\n')
	blocked := map[[2]int]bool{}
	var bx, by int
	for {
		if _, err := fmt.Fscan(reader, &bx, &by); err != nil {
			break
		}
		blocked[[2]int{bx, by}] = true
	}
	fmt.Println(finalPose(commands, blocked))
}
