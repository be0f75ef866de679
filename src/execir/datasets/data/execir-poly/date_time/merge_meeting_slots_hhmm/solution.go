package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
)

func toMinutes(t string) int {
	h, _ := strconv.Atoi(t[:2])
	m, _ := strconv.Atoi(t[3:5])
	return h*60 + m
}

func mergeSlots(slots [][2]int) [][2]int {
	sort.Slice(slots, func(i, j int) bool {
		if slots[i][0] != slots[j][0] {
			return slots[i][0] < slots[j][0]
		}
		return slots[i][1] < slots[j][1]
	})
	var merged [][2]int
	for _, s := range slots {
		if len(merged) > 0 && s[0] <= merged[len(merged)-1][1] {
			if s[1] > merged[len(merged)-1][1] {
				merged[len(merged)-1][1] = s[1]
			}
		} else {
			merged = append(merged, s)
		}
	}
	return merged
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	slots := make([][2]int, n)
	for i := range slots {
		sc.Scan()
		a := toMinutes(sc.Text())
		sc.Scan()
		slots[i] = [2]int{a, toMinutes(sc.Text())}
	}
	merged := mergeSlots(slots)
	if len(merged) == 0 {
		fmt.Println("none")
	}
	for _, s := range merged {
		fmt.Printf("%02d:%02d-%02d:%02d\n", s[0]/60, s[0]%60, s[1]/60, s[1]%60)
	}
}
