package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func dayClock(seconds int64) string {
	if seconds < 0 {
		return "invalid"
	}
	days, rest := seconds/86400, seconds%86400
	clock := fmt.Sprintf("%02d:%02d:%02d", rest/3600, rest/60%60, rest%60)
	if days > 0 {
		return fmt.Sprintf("%dd %s", days, clock)
	}
	return clock
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		s, _ := strconv.ParseInt(sc.Text(), 10, 64)
		fmt.Println(dayClock(s))
	}
}
